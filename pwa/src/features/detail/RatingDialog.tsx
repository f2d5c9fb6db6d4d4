import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { LIMITS } from '../../../../schema/constants.ts';
import { pluralRo } from '../../../../schema/format.ts';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewApi,
  validateNewReview,
} from '../../../../schema/rules/reviews.ts';
import { REVIEW_WAIT_MESSAGES } from '../../../../schema/rules/standing.ts';
import { ApiError, api } from '../../api/client.ts';
import { CancelSubmitRow, FormError } from '../../ui/FormFoot.tsx';
import { useModal } from './use-modal.ts';

type Props = { sellerId: string; sellerName: string; announcementId: string; onClose: () => void };

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 'Evaluează utilizatorul': 1–5 stars (5 chosen), an optional comment, Anulează / Trimite. A sent review
 * leads to the seller's profile, which confirms it (`?recenzie=1`). On an error what was typed stays.
 * A review that waits (issue 40: its author has no standing yet, so it is not shown) says so here, in
 * the server's words ('Recenzia ta va apărea după…'), instead of leading to a profile that lacks it.
 */
export function RatingDialog({ sellerId, sellerName, announcementId, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [score, setScore] = useState<number>(LIMITS.defaultRating);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState('');

  const cancel = () => {
    // Spec doc 2 §4: cancel resets to 5 stars and an empty comment.
    setScore(LIMITS.defaultRating);
    setComment('');
    onClose();
  };
  useModal(ref, cancel);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!sellerId) return setError(REVIEW_MESSAGES.userUnavailable);
    const input = { score, comment: comment.trim() };
    const errors = validateNewReview(input);
    const first = errors.score ?? errors.comment;
    if (first) return setError(first);
    setBusy(true);
    setError('');
    try {
      const answer = await api<ReviewApi>('/api/reviews', {
        method: 'POST',
        json: { user: sellerId, score: input.score, comment: input.comment, announcement: announcementId },
      });
      if (answer?.waiting) {
        setWaiting(answer.waitingMessage || REVIEW_WAIT_MESSAGES.address_and_age);
        setBusy(false);
        return;
      }
      void navigate({ href: `/profil/${encodeURIComponent(sellerId)}?recenzie=1` });
    } catch (err) {
      setError(
        err instanceof ApiError && err.message ? `Eroare: ${err.message}` : REVIEW_MESSAGES.sendFailed,
      );
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="ddialog" aria-labelledby="rating-title">
      <form onSubmit={submit}>
        <h2 id="rating-title">Evaluează utilizatorul</h2>
        <p className="muted">{sellerName}</p>
        <fieldset className="stars">
          <legend>Nota</legend>
          {STARS.map((n) => (
            <label key={n} className={n <= score ? 'star is-on' : 'star'}>
              <input
                type="radio"
                name="score"
                value={n}
                checked={score === n}
                data-autofocus={n === LIMITS.defaultRating ? '' : undefined}
                onChange={() => setScore(n)}
                aria-label={pluralRo(n, 'stea', 'stele', 'de stele')}
              />
              <span aria-hidden="true">★</span>
            </label>
          ))}
        </fieldset>
        <label className="dfield">
          <span>Comentariu (opțional)</span>
          <textarea
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            rows={4}
            maxLength={REVIEW_LIMITS.commentMax}
          />
        </label>
        <FormError message={error} />
        {waiting ? (
          <>
            <p className="notice review-waiting" role="status">
              {waiting}
            </p>
            <div className="ddialog-actions">
              <button type="button" className="btn btn-primary" onClick={cancel}>
                Am înțeles
              </button>
            </div>
          </>
        ) : (
          <CancelSubmitRow
            className="ddialog-actions"
            onCancel={cancel}
            label="Trimite"
            busyLabel="Trimite"
            busy={busy}
          />
        )}
      </form>
    </dialog>
  );
}
