import { toReviewApi } from '../../../schema/profile-api.ts';
import {
  normalizeComment,
  parseScore,
  REVIEW_MESSAGES,
  type ReviewApi,
  validateNewReview,
  validateReviewEdit,
} from '../../../schema/rules/reviews.ts';
import { newId } from '../lib/ids.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';
import type { ReviewsRepository } from '../repositories/reviews.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { PushSender } from './push-sender.ts';
import { fail, ok, type ServiceResult } from './result.ts';
import type { TrustService } from './trust.ts';

const M = REVIEW_MESSAGES;

export type NewReviewRequest = {
  user: string;
  score: unknown;
  comment: unknown;
  announcement?: string | null;
};
export type ReviewEditRequest = { score?: unknown; comment?: unknown };

/**
 * Reviews, for REST (and any later transport). Every write takes a new seq in its unit of work and
 * calls `tx.publicChanged(['reviews'])`: after the commit the held feed sends the change to the devices
 * holding that person's reviews.
 */
export function reviewsService(deps: {
  uow: UnitOfWork;
  reviews: ReviewsRepository;
  /** Where a review's notification to the reviewed user is written. */
  notifications: MessagingRepository;
  users: UsersRepository;
  announcements: AnnouncementsRepository;
  /** Web Push (issue 23): the review's notification also goes to the person's devices. */
  pushes?: Pick<PushSender, 'queue'>;
  /** Issue 24: someone the reviewed person blocked notifies them of nothing. */
  trust?: Pick<TrustService, 'blocked'>;
}) {
  const { uow, reviews, users, announcements, notifications } = deps;
  const card = async (id: string): Promise<ReviewApi> => toReviewApi((await reviews.byIdWithContext(id))!);

  return {
    /** Live reviews a user received, newest first. */
    async receivedBy(userId: string): Promise<ReviewApi[]> {
      return (await reviews.liveForUserWithContext(userId)).map(toReviewApi);
    },

    async create(authorId: string, req: NewReviewRequest): Promise<ServiceResult<ReviewApi>> {
      const target = (req.user ?? '').trim();
      if (target === '') return fail(400, M.userUnavailable);
      const input = { score: parseScore(req.score) ?? Number.NaN, comment: normalizeComment(req.comment) };
      const errors = Object.values(validateNewReview(input));
      if (errors.length > 0) return fail(400, errors[0]!);
      if (target === authorId) return fail(400, M.selfReview);
      const id = await uow.write(async (tx) => {
        const user = await users.byId(target);
        if (!user || user.deleted) return fail(404, M.userUnavailable);
        // Checked inside the write transaction (SQLite has one writer), so two quick taps cannot both pass.
        // A unique index cannot do this: a deleted review stays as a tombstone and must not block.
        if (await reviews.liveByAuthorFor(authorId, target)) return fail(409, M.duplicate);
        // The announcement is context only: kept when it is a public announcement of the reviewed user.
        const ann = req.announcement ? await announcements.byId(req.announcement) : undefined;
        const annId = ann && !ann.deleted && ann.active && ann.ownerId === target ? ann.id : null;
        const now = new Date();
        const reviewId = newId(now);
        // 'Setează notificările': a new review about someone tells them, unless they turned it off.
        if (user.notifyReviews && !(await deps.trust?.blocked(target, authorId))) {
          const author = await users.byId(authorId);
          const name = author ? `${author.firstName} ${author.lastName}`.trim() : '';
          await notifications.insertNotification({
            id: newId(now),
            userId: target,
            senderId: authorId,
            conversationId: '',
            link: `/profil/${target}`,
            message: `${name || M.deletedAuthor} ți-a lăsat o recenzie.`,
            read: false,
            createdAt: now.toISOString(),
            deleted: false,
            seq: tx.seq(),
          });
          tx.poke(['notifications'], [target]);
          await deps.pushes?.queue(tx, target, `review-${target}`, async () => ({
            kind: 'review',
            authorName: author?.firstName || M.deletedAuthor,
            link: `/profil/${target}`,
          }));
        }
        await reviews.insert({
          id: reviewId,
          authorId,
          userId: target,
          announcementId: annId,
          score: input.score,
          comment: input.comment,
          likes: [],
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
          deleted: false,
          seq: tx.seq(),
        });
        tx.publicChanged(['reviews']);
        return reviewId;
      });
      if (typeof id !== 'string') return id;
      return ok(await card(id));
    },

    /** Author only; a missing field keeps its current value. */
    async edit(
      authorId: string,
      reviewId: string,
      req: ReviewEditRequest,
    ): Promise<ServiceResult<ReviewApi>> {
      const result = await uow.write(async (tx) => {
        // Ownership is part of the lookup: a stranger gets the same 404 as for an id that does not exist.
        const current = await reviews.liveOwnedBy(reviewId, authorId);
        if (!current) return fail(404, M.notFound);
        const input = {
          score: parseScore(req.score) ?? current.score,
          comment: req.comment === undefined ? current.comment : normalizeComment(req.comment),
        };
        const errors = Object.values(validateReviewEdit(input));
        if (errors.length > 0) return fail(400, errors[0]!);
        if (input.score === current.score && input.comment === current.comment) return ok(false);
        await reviews.update(reviewId, {
          score: input.score,
          comment: input.comment,
          updatedAt: new Date().toISOString(),
          seq: tx.seq(),
        });
        tx.publicChanged(['reviews']);
        return ok(true);
      });
      if (!result.ok) return result;
      return ok(await card(reviewId));
    },

    /**
     * Author only; leaves a tombstone (text and likes blanked) so every device removes it. The notification
     * it gave the reviewed user goes too (tombstoned), so no device of theirs keeps pointing at it.
     */
    async remove(authorId: string, reviewId: string): Promise<ServiceResult<{ _id: string }>> {
      return uow.write(async (tx) => {
        const current = await reviews.liveOwnedBy(reviewId, authorId);
        if (!current) return fail(404, M.notFound);
        for (const n of await notifications.reviewNotificationsFor(current.userId, authorId)) {
          await notifications.updateNotification(n.id, { deleted: true, seq: tx.seq() });
          tx.poke(['notifications'], [current.userId]);
        }
        await reviews.update(reviewId, {
          deleted: true,
          comment: '',
          likes: [],
          updatedAt: new Date().toISOString(),
          seq: tx.seq(),
        });
        tx.publicChanged(['reviews']);
        return ok({ _id: reviewId });
      });
    },

    /**
     * Toggles the caller's like. Liking one's own review is refused: it would inflate the count that tells
     * readers which reviews others found useful. The reviewed user may like a review about them.
     */
    async toggleLike(
      userId: string,
      reviewId: string,
    ): Promise<ServiceResult<{ liked: boolean; likesCount: number }>> {
      return uow.write(async (tx) => {
        const current = await reviews.byId(reviewId);
        if (!current || current.deleted) return fail(404, M.notFound);
        if (current.authorId === userId) return fail(403, M.ownLike);
        const liked = !current.likes.includes(userId);
        const likes = liked ? [...current.likes, userId] : current.likes.filter((id) => id !== userId);
        // updatedAt stays: it tells readers when the text was edited, and a like is not an edit.
        await reviews.update(reviewId, { likes, seq: tx.seq() });
        tx.publicChanged(['reviews']);
        return ok({ liked, likesCount: likes.length });
      });
    },
  };
}
export type ReviewsService = ReturnType<typeof reviewsService>;
