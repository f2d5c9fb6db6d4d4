import { z } from 'zod';

/** A review as the REST paths answer it (doc 1 §3 Review): author's card and announcement title included. */
export const reviewApi = z.object({
  _id: z.string(),
  author: z.string(),
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  /** The reviewed user. */
  user: z.string(),
  /** The announcement the review was written from, or null for a review of the person. */
  announcement: z.string().nullable(),
  /** Null when there is no announcement, or it is no longer public. */
  announcementTitle: z.string().nullable(),
  score: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  likes: z.array(z.string()),
  likesCount: z.number().int(),
  /**
   * Issue 40, to the author only (the answers of their own writes): the review is stored but waits — not
   * shown, not in the average — until they have standing; `waitingMessage` says what for, in Romanian
   * ('' when it counts at once).
   */
  waiting: z.boolean().optional(),
  waitingMessage: z.string().optional(),
});
export type ReviewApi = z.infer<typeof reviewApi>;

// Declared fields only. The score has no type so a wrong value reaches the shared rule and gets its
// Romanian message (a typed field would coerce `true` to 1); comments may exceed the rule's limit here
// for the same reason.
const comment = z.string().max(20_000).nullable().optional();
export const reviewCreateBody = z.object({
  user: z.string().max(64).optional(),
  score: z.unknown().optional(),
  comment,
  announcement: z.string().max(64).nullable().optional(),
});
export const reviewEditBody = z.object({ score: z.unknown().optional(), comment });
export const reviewParams = z.object({ id: z.string().min(1).max(64) });

export const reviewEditAnswer = z.object({ review: reviewApi });
export const reviewDeleteAnswer = z.object({ message: z.string(), _id: z.string() });
export const reviewLikeAnswer = z.object({ liked: z.boolean(), likesCount: z.number().int() });
