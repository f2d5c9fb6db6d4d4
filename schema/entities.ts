import { z } from 'zod';
import { DRAFT_ID, TYPED_FIELDS } from './fields.ts';
import { ID_PATTERN } from './ids.ts';

/**
 * Entity schemas shared by the server, the REST answers and the RxDB documents. Types are inferred from
 * them, never restated by hand. Ids are 24 hex characters whose first 8 are the creation time in seconds
 * (the spec derives a missing createdAt from them).
 */
export const objectId = z.string().regex(ID_PATTERN);

/** The named fields of a zod shape, in the order named. */
const pickShape = <S extends z.ZodRawShape, K extends keyof S>(shape: S, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, shape[k]])) as Pick<S, K>;

/** An announcement as replicated to every device (public collection). */
export const announcementDoc = z.object({
  id: objectId,
  ownerId: objectId,
  title: z.string(),
  category: z.string(),
  description: z.string(),
  /** County name, or 'Toată țara'. */
  location: z.string(),
  /** Town or commune inside the county; '' when only the county (or the whole country) was chosen. */
  localitate: z.string(),
  contactPerson: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** Image paths under /uploads/; the first is the cover. Size variants: see schema/images.ts. */
  images: z.array(z.string()),
  /** Whole lei; null when the seller gave no price (0 means free). */
  price: z.number().int().nonnegative().nullable(),
  /** Server-owned counters: derived on the server, never accepted from a client. */
  favoritesCount: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
  /** ISO timestamps. createdAt is renewed by 'Reactualizează'. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Owner-controlled: false hides the announcement from everyone else ('Dezactivează'). */
  active: z.boolean(),
});
export type AnnouncementDoc = z.infer<typeof announcementDoc>;

/** The signed-in user's own record (GET /api/users/profile). Never sent to anyone else. */
export const ownProfile = z.object({
  _id: objectId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  localitate: z.string(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
  lastSeen: z.string(),
  /** False for an account made with Google/Facebook that never chose a password (it confirms by e-mail). */
  hasPassword: z.boolean(),
  /** The address was confirmed (a link mailed to it, or Google/Facebook); Setări says 'neconfirmat'. */
  emailVerified: z.boolean(),
  /**
   * A new address asked for in 'Schimbă email-ul', waiting for the link mailed to it (issue 40, L1):
   * `email` stays the account's address until then. Null when no change waits.
   */
  pendingEmail: z.string().nullable(),
  /**
   * The account may use the moderation console (issue 45, item 4): the menus show 'Moderare'. Only in the
   * caller's own answer; the console's API still checks the role at each request.
   */
  moderator: z.boolean(),
});
export type OwnProfile = z.infer<typeof ownProfile>;

/** Public fields of a user: what anybody may see. */
export const publicUser = ownProfile.pick({
  _id: true,
  firstName: true,
  lastName: true,
  avatar: true,
  localitate: true,
  createdAt: true,
  lastSeen: true,
});
export type PublicUser = z.infer<typeof publicUser>;

/** Answers of the account routes, described in schema/api/users.ts. */
export type { AuthCheck, LoginAnswer } from './api/users.ts';
export type ApiErrorBody = { error: string; code?: string };

/** The seller's public card that REST answers carry with each announcement. */
export const sellerCard = publicUser.pick({ _id: true, firstName: true, lastName: true, avatar: true });
export type SellerCard = z.infer<typeof sellerCard>;

/** REST shape of an announcement: the spec's `_id` plus the seller's public card. Mapping: schema/announcement-api.ts. */
export const announcementApi = announcementDoc.omit({ id: true }).extend({
  _id: objectId,
  /** The server's change order of this copy: a device that keeps it sends it back, so only later changes travel. */
  seq: z.number().int().optional(),
  user: sellerCard.nullable(),
});
export type AnnouncementApi = z.infer<typeof announcementApi>;

/** A favourite in the owner's database: the id is the announcement's id (one database per user). */
export const favoriteDoc = z.object({ id: objectId, createdAt: z.string() });
export type FavoriteDoc = z.infer<typeof favoriteDoc>;

/** The single announcement draft of a user; everything as typed, validated only when publishing. */
export { DRAFT_ID } from './fields.ts';
export const draftDoc = z.object({
  id: z.literal(DRAFT_ID),
  ...pickShape(announcementDoc.shape, TYPED_FIELDS),
  /** As typed: a number only once published. */
  price: z.string(),
  updatedAt: z.string(),
});
export type DraftDoc = z.infer<typeof draftDoc>;
export type { DraftField } from './fields.ts';

/** A review, public. `announcementId` is '' when the review is about the person in general. */
export const reviewDoc = z.object({
  id: objectId,
  authorId: objectId,
  userId: objectId,
  announcementId: z.string(),
  score: z.number().min(0).max(5),
  comment: z.string(),
  likes: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewDoc = z.infer<typeof reviewDoc>;

/** A public profile as replicated: the public fields only ('' when there is no avatar). */
export const profileDoc = z.object({
  id: objectId,
  ...publicUser.omit({ _id: true }).shape,
  avatar: z.string(),
});
export type ProfileDoc = z.infer<typeof profileDoc>;

/** One participant's summary of a conversation (the chat list and the chat badge). */
export const conversationDoc = z.object({
  id: z.string(),
  otherUserId: objectId,
  announcementId: objectId,
  lastMessageText: z.string(),
  lastMessageAt: z.string(),
  lastSenderId: z.string(),
  unreadCount: z.number().int().nonnegative(),
  /** Writing a newer value marks the conversation read (the only field a client may change). */
  lastReadAt: z.string(),
});
export type ConversationDoc = z.infer<typeof conversationDoc>;

export const reactionSchema = z.object({ emoji: z.string().min(1).max(16), userId: z.string() });
export const replyToSchema = z.object({
  messageId: z.string(),
  senderId: z.string(),
  text: z.string(),
  image: z.string(),
});

export const messageDoc = z.object({
  id: objectId,
  conversationId: z.string(),
  announcementId: objectId,
  senderId: z.string(),
  recipientId: z.string(),
  text: z.string(),
  image: z.string(),
  /** The attachment's name ('Ofertă.pdf'), shown on both sides; '' when there is none or it is unknown. */
  fileName: z.string(),
  replyTo: replyToSchema.nullable(),
  reactions: z.array(reactionSchema),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type MessageDoc = z.infer<typeof messageDoc>;

export const notificationDoc = z.object({
  id: objectId,
  senderId: z.string(),
  conversationId: z.string(),
  link: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationDoc = z.infer<typeof notificationDoc>;
