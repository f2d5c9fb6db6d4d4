import { useCallback, useState } from 'react';
import type { reviewEditAnswer, reviewLikeAnswer } from '../../../../schema/api/reviews.ts';
import type { ReviewView } from '../../../../schema/profile-api.ts';
import { REVIEW_MESSAGES, type ReviewInput } from '../../../../schema/rules/reviews.ts';
import type { Answer } from '../../api/client.ts';
import { api } from '../../api/client.ts';
import { useSession } from '../session/use-session.ts';
import { showToast } from '../shell/toast.ts';

/** A review as shown: with the viewer's like state and the count (possibly the optimistic or server one). */
export type ShownReview = ReviewView & { likedByMe: boolean; likesCount: number; mine: boolean };

/**
 * A local overlay on a review, valid only while the review still looks as it did when the overlay was
 * made: once replication (or a reload) brings the server's copy, the overlay falls away by itself.
 */
type Overlay<T> = { base: string; patch: T };
type LikePatch = { likedByMe: boolean; likesCount: number };
type TextPatch = { score: number; comment: string };
const likeBase = (r: ReviewView) => r.likes.join(',');
const textBase = (r: ReviewView) => `${r.score}|${r.comment}`;

export type ReviewActions = {
  show: (r: ReviewView) => ShownReview | null;
  like: (r: ReviewView) => Promise<void>;
  edit: (r: ReviewView, input: ReviewInput) => Promise<void>;
  remove: (r: ReviewView) => Promise<void>;
};

/**
 * Like / edit / delete of reviews. Reviews replicate from the server only (no client pushes), so the
 * writes go through REST; the spec's optimistic like is an overlay until the server's copy arrives.
 * `onChanged` lets a page without a local copy fetch the REST answer again.
 */
export function useReviewActions(onChanged?: () => void): ReviewActions {
  const { userId, status } = useSession();
  const me = status === 'user' ? userId : null;
  const [likes, setLikes] = useState<Record<string, Overlay<LikePatch>>>({});
  const [texts, setTexts] = useState<Record<string, Overlay<TextPatch>>>({});
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());

  const show = useCallback(
    (r: ReviewView): ShownReview | null => {
      if (removed.has(r.id)) return null;
      let out: ShownReview = {
        ...r,
        likedByMe: !!me && r.likes.includes(me),
        likesCount: r.likes.length,
        mine: !!me && r.authorId === me,
      };
      const l = likes[r.id];
      if (l && l.base === likeBase(r)) out = { ...out, ...l.patch };
      const t = texts[r.id];
      if (t && t.base === textBase(r)) out = { ...out, ...t.patch };
      return out;
    },
    [likes, texts, removed, me],
  );

  const like = useCallback(
    async (r: ReviewView) => {
      if (!me) {
        showToast(REVIEW_MESSAGES.likeSignIn, 'error');
        return;
      }
      const shown = show(r);
      if (!shown) return;
      const base = likeBase(r);
      const optimistic = {
        likedByMe: !shown.likedByMe,
        likesCount: Math.max(0, shown.likesCount + (shown.likedByMe ? -1 : 1)),
      };
      setLikes((m) => ({ ...m, [r.id]: { base, patch: optimistic } }));
      try {
        const answer = await api<Answer<typeof reviewLikeAnswer>>(`/api/reviews/${r.id}/like`, {
          method: 'POST',
          fallbackError: REVIEW_MESSAGES.likeFailed,
        });
        setLikes((m) => ({
          ...m,
          [r.id]: { base, patch: { likedByMe: answer.liked, likesCount: answer.likesCount } },
        }));
        onChanged?.();
      } catch (err) {
        setLikes((m) => {
          const { [r.id]: _gone, ...rest } = m;
          return rest;
        });
        showToast((err as Error).message || REVIEW_MESSAGES.likeFailed, 'error');
      }
    },
    [me, show, onChanged],
  );

  const edit = useCallback(
    async (r: ReviewView, input: ReviewInput) => {
      const answer = await api<Answer<typeof reviewEditAnswer>>(`/api/reviews/${r.id}`, {
        method: 'PUT',
        json: input,
        fallbackError: REVIEW_MESSAGES.editFailed,
      });
      setTexts((m) => ({
        ...m,
        [r.id]: { base: textBase(r), patch: { score: answer.review.score, comment: answer.review.comment } },
      }));
      onChanged?.();
    },
    [onChanged],
  );

  const remove = useCallback(
    async (r: ReviewView) => {
      await api<unknown>(`/api/reviews/${r.id}`, {
        method: 'DELETE',
        fallbackError: REVIEW_MESSAGES.deleteFailed,
      });
      setRemoved((s) => new Set(s).add(r.id));
      onChanged?.();
    },
    [onChanged],
  );

  return { show, like, edit, remove };
}
