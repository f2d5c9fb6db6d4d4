import type { ReviewRow, UserRow } from './db/tables.ts';
import type { AnnouncementDoc, OwnProfile, ProfileDoc, PublicUser, ReviewDoc } from './entities.ts';
import type { PublicProfileApi } from './rules/profile.ts';
import { REVIEW_MESSAGES, type ReviewApi } from './rules/reviews.ts';

/**
 * People and their reviews between the stored rows, the REST answers and what the profile pages show
 * (the server writes the answers, the PWA reads them): both directions in one place, as
 * announcement-api.ts is for announcements.
 */

// ——— Server: rows → REST answers ———

/** A chosen password (scrypt); accounts made by social sign-in hold a marker that no password matches. */
export const hasPasswordHash = (hash: string): boolean => hash.startsWith('scrypt$');

export function toOwnProfile(u: UserRow): OwnProfile {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    localitate: u.localitate,
    avatar: u.avatar,
    createdAt: u.createdAt,
    lastSeen: u.lastSeen,
    hasPassword: hasPasswordHash(u.passwordHash),
    emailVerified: u.emailVerifiedAt > 0,
    pendingEmail: u.pendingEmail,
    moderator: u.role === 'moderator',
  };
}

/** Only the public fields: no email, phone, password material or tokens. */
export function toPublicUser(u: UserRow): PublicUser {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    avatar: u.avatar,
    localitate: u.localitate,
    createdAt: u.createdAt,
    lastSeen: u.lastSeen,
  };
}

/** A review with what its card shows: the author's public name and avatar, the announcement's title. */
export type ReviewWithContext = {
  review: ReviewRow;
  author: { firstName: string; lastName: string; avatar: string | null; deleted: boolean } | null;
  announcement: { title: string; active: boolean; deleted: boolean } | null;
};

/** The REST card of a review. A hidden (inactive or deleted) announcement keeps its title to itself. */
export function toReviewApi({ review: r, author, announcement }: ReviewWithContext): ReviewApi {
  const authorGone = !author || author.deleted;
  const annPublic = announcement && !announcement.deleted && announcement.active;
  return {
    _id: r.id,
    author: r.authorId,
    authorName: authorGone ? REVIEW_MESSAGES.deletedAuthor : `${author.firstName} ${author.lastName}`.trim(),
    authorAvatar: authorGone ? null : author.avatar,
    user: r.userId,
    announcement: r.announcementId,
    announcementTitle: annPublic ? announcement.title : null,
    score: r.score,
    comment: r.comment,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    likes: r.likes,
    likesCount: r.likes.length,
  };
}

// ——— PWA: REST answers or replicated documents → what the profile pages show ———

/** What the profile pages show of a review, whichever source (local database or REST) it came from. */
export type ReviewView = {
  id: string;
  authorId: string;
  authorName: string;
  authorAvatar: string;
  announcementId: string;
  announcementTitle: string;
  score: number;
  comment: string;
  createdAt: string;
  likes: string[];
};

export type ProfileView = {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string;
  localitate: string;
  createdAt: string;
  lastSeen: string;
};

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/**
 * Issue 45: the phone and e-mail a public profile shows — the contact the person already shows everyone on
 * their newest live announcement (`list` newest first), '' when none. Never the account's own phone or
 * sign-in address: those were given to Hobbiz, not to the public. One rule for the REST answer and the page.
 */
export function publicContact(
  list: readonly { contactPhone: string; contactEmail: string; active: boolean }[],
): { phone: string; email: string } {
  const live = list.filter((a) => a.active);
  return {
    phone: live.find((a) => a.contactPhone)?.contactPhone ?? '',
    email: live.find((a) => a.contactEmail)?.contactEmail ?? '',
  };
}

export function reviewFromDocs(
  r: ReviewDoc,
  authors: Map<string, ProfileDoc>,
  announcements: Map<string, AnnouncementDoc>,
): ReviewView {
  const author = authors.get(r.authorId);
  return {
    id: r.id,
    authorId: r.authorId,
    authorName: author ? fullName(author) : REVIEW_MESSAGES.deletedAuthor,
    authorAvatar: author?.avatar ?? '',
    announcementId: r.announcementId,
    announcementTitle: announcements.get(r.announcementId)?.title ?? '',
    score: r.score,
    comment: r.comment,
    createdAt: r.createdAt,
    likes: r.likes,
  };
}

export function reviewFromApi(r: ReviewApi): ReviewView {
  return {
    id: r._id,
    authorId: r.author,
    authorName: r.authorName,
    authorAvatar: r.authorAvatar ?? '',
    announcementId: r.announcement ?? '',
    announcementTitle: r.announcementTitle ?? '',
    score: r.score,
    comment: r.comment,
    createdAt: r.createdAt,
    likes: r.likes,
  };
}

export function profileFromApi(p: PublicProfileApi): ProfileView {
  return {
    id: p._id,
    firstName: p.firstName,
    lastName: p.lastName,
    avatar: p.avatar ?? '',
    localitate: p.localitate,
    createdAt: p.createdAt,
    lastSeen: p.lastSeen,
  };
}
