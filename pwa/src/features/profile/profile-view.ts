import type { AnnouncementDoc, ProfileDoc, ReviewDoc } from '../../../../schema/entities.ts';
import type { PublicProfileApi } from '../../../../schema/rules/profile.ts';
import { REVIEW_MESSAGES, type ReviewApi } from '../../../../schema/rules/reviews.ts';

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
