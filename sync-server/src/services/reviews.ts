import type { UserRow } from '../../../schema/db/tables.ts';
import { toReviewApi } from '../../../schema/profile-api.ts';
import {
  normalizeComment,
  parseScore,
  REVIEW_MESSAGES,
  type ReviewApi,
  validateNewReview,
  validateReviewEdit,
} from '../../../schema/rules/reviews.ts';
import { REVIEW_WAIT_MESSAGES, STANDING } from '../../../schema/rules/standing.ts';
import { newId } from '../lib/ids.ts';
import type { UnitOfWork, WriteTx } from '../lib/unit-of-work.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';
import type { ReviewsRepository } from '../repositories/reviews.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { PushSender } from './push-sender.ts';
import { fail, ok, type ServiceResult } from './result.ts';
import type { StandingService } from './standing.ts';
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
  /**
   * Issue 24: someone the reviewed person blocked notifies them of nothing; issue 40 (L7): a block either
   * way refuses the review itself, as it refuses a message.
   */
  trust?: Pick<TrustService, 'blocked' | 'writeRefusal'>;
  /** Issue 40: a review by someone without standing waits (stored, not shown, not counted). */
  standing?: Pick<StandingService, 'reviewWaitOf' | 'waitOf'>;
}) {
  const { uow, reviews, users, announcements, notifications } = deps;
  /** The card, and for a waiting one (only its author reads these answers) what it waits for. */
  const card = async (id: string): Promise<ReviewApi> => {
    const row = (await reviews.byIdWithContext(id))!;
    const api = toReviewApi(row);
    if (!row.review.waiting) return { ...api, waiting: false, waitingMessage: '' };
    const wait = (await deps.standing?.waitOf(row.review.authorId)) ?? 'address_and_age';
    return { ...api, waiting: true, waitingMessage: REVIEW_WAIT_MESSAGES[wait] };
  };

  /**
   * 'Setează notificările': a review about someone tells them (and their devices), unless they turned it
   * off or blocked the author. Only a review everyone can see: a waiting one tells when it is promoted.
   */
  async function tellReviewed(tx: WriteTx, target: UserRow, authorId: string, now: Date): Promise<void> {
    if (!target.notifyReviews || (await deps.trust?.blocked(target.id, authorId))) return;
    const author = await users.byId(authorId);
    const name = author ? `${author.firstName} ${author.lastName}`.trim() : '';
    await notifications.insertNotification({
      id: newId(now),
      userId: target.id,
      senderId: authorId,
      conversationId: '',
      link: `/profil/${target.id}`,
      message: `${name || M.deletedAuthor} ți-a lăsat o recenzie.`,
      read: false,
      createdAt: now.toISOString(),
      deleted: false,
      seq: tx.seq(),
    });
    tx.poke(['notifications'], [target.id]);
    await deps.pushes?.queue(tx, target.id, `review-${target.id}`, async () => ({
      kind: 'review',
      authorName: author?.firstName || M.deletedAuthor,
      link: `/profil/${target.id}`,
    }));
  }

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
        // Issue 40 (L7): a block either way stops the review, as it stops a message (trust.writeRefusal).
        const refused = await deps.trust?.writeRefusal(authorId, target);
        if (refused?.code === 'blocked') return fail(403, M.blockedByOther, 'blocked');
        if (refused?.code === 'you_blocked') return fail(403, M.youBlocked, 'you_blocked');
        if (await reviews.liveByAuthorFor(authorId, target)) return fail(409, M.duplicate);
        // The announcement is context only: kept when it is a public announcement of the reviewed user.
        const ann = req.announcement ? await announcements.byId(req.announcement) : undefined;
        const annId = ann && !ann.deleted && ann.active && ann.ownerId === target ? ann.id : null;
        const now = new Date();
        const reviewId = newId(now);
        // Issue 40: without standing (and no answer from the reviewed person) the review waits.
        const waiting = (await deps.standing?.reviewWaitOf(authorId, target, now.getTime())) != null;
        if (!waiting) await tellReviewed(tx, user, authorId, now);
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
          waiting,
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
     * Issue 40: waiting reviews whose author gained standing (a confirmed address, a day of age, an answer
     * in a conversation) are shown from now on: each takes a new seq (devices get it), and the reviewed
     * person is told now rather than when it was written. Run every few minutes (app.ts); a bounded batch.
     */
    async promoteWaiting(at = Date.now()): Promise<number> {
      // Found outside the write (many waiting reviews whose authors never gain standing must not hold the
      // one writer), then each checked again inside it: deleted or promoted meanwhile, it is left alone.
      const found = await reviews.waitingReady(at, STANDING.promoteBatch);
      if (found.length === 0) return 0;
      return uow.write(async (tx) => {
        const ready = [];
        for (const r of found) {
          const current = await reviews.byId(r.id);
          if (current && !current.deleted && current.waiting) ready.push(current);
        }
        const now = new Date(at);
        let promoted = 0;
        for (const r of ready) {
          // A block made while it waited (either way) stops it as it would have stopped the review: it is
          // deleted, never shown (L7), rather than found again by every pass.
          if (await deps.trust?.writeRefusal(r.authorId, r.userId)) {
            await reviews.update(r.id, { deleted: true, updatedAt: now.toISOString() });
            continue;
          }
          await reviews.update(r.id, { waiting: false, seq: tx.seq() });
          promoted++;
          const target = await users.byId(r.userId);
          if (target && !target.deleted) await tellReviewed(tx, target, r.authorId, now);
        }
        if (promoted > 0) tx.publicChanged(['reviews']);
        return promoted;
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
        // A waiting review is shown to no one: it cannot be liked either.
        if (!current || current.deleted || current.waiting) return fail(404, M.notFound);
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
