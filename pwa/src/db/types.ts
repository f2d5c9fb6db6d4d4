import type { RxCollection, RxDatabase } from 'rxdb';
import type {
  AnnouncementDoc,
  ConversationDoc,
  DraftDoc,
  FavoriteDoc,
  MessageDoc,
  NotificationDoc,
  ProfileDoc,
  ReviewDoc,
} from '../../../schema/entities.ts';
import type { HeldRow } from '../../../schema/rx/held.ts';

/** Guests have the public collections and their local favourites/draft; the private three need an account. */
export type HobbizCollections = {
  announcements: RxCollection<AnnouncementDoc>;
  reviews: RxCollection<ReviewDoc>;
  profiles: RxCollection<ProfileDoc>;
  favorites: RxCollection<FavoriteDoc>;
  drafts: RxCollection<DraftDoc>;
  conversations: RxCollection<ConversationDoc>;
  messages: RxCollection<MessageDoc>;
  notifications: RxCollection<NotificationDoc>;
  /** The working set's keys (local only, see working-set.ts). */
  held: RxCollection<HeldRow>;
};
export type CollectionKey = keyof HobbizCollections;
export type HobbizDatabase = RxDatabase<HobbizCollections>;

/** A short message to the person (the shell's toast); db/ is handed it, it does not import the shell. */
export type Notify = (text: string, kind: 'info' | 'success' | 'error', ms: number) => void;

/**
 * The session as db/ sees it (the app's session store, handed in by main.tsx): whose data to
 * open, a call when it changes, and `expire` when the server closed it.
 */
export type AppSession = {
  get(): { status: 'loading' | 'guest' | 'user'; userId: string | null };
  subscribe(fn: () => void): unknown;
  expire(): void;
};
