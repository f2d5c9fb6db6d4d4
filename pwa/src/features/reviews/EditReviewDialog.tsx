import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  normalizeComment,
  parseScore,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewInput,
  validateReviewEdit,
} from '../../../../schema/rules/reviews.ts';
import { CancelSubmitRow, FormError } from '../../ui/FormFoot.tsx';
import { formatScore } from './Stars.tsx';

const STEPS = Math.round(
  (REVIEW_LIMITS.editScoreMax - REVIEW_LIMITS.editScoreMin) / REVIEW_LIMITS.editScoreStep,
);
const SCORES = Array.from(
  { length: STEPS + 1 },
  (_, i) => REVIEW_LIMITS.editScoreMax - i * REVIEW_LIMITS.editScoreStep,
);

type Props = {
  initial: ReviewInput;
  onSave: (input: ReviewInput) => Promise<void>;
  onClose: () => void;
};

/** Edit a review: score 0–5 in half steps, multiline comment. On an error the typed text stays. */
export function EditReviewDialog({ initial, onSave, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [score, setScore] = useState(String(initial.score));
  const [comment, setComment] = useState(initial.comment);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    ref.current?.showModal();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { score: parseScore(score) ?? Number.NaN, comment: normalizeComment(comment) };
    const errors = validateReviewEdit(input);
    const first = errors.score ?? errors.comment;
    if (first) return setError(first);
    setBusy(true);
    setError(null);
    try {
      await onSave(input);
      onClose();
    } catch (err) {
      setError((err as Error).message || REVIEW_MESSAGES.editFailed);
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog review-dialog"
      aria-labelledby={`${id}-t`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-t`}>Editează recenzia</h2>
        <div className="field">
          <label htmlFor={`${id}-s`}>Nota</label>
          <select id={`${id}-s`} value={score} onChange={(e) => setScore(e.target.value)}>
            {SCORES.map((s) => (
              <option key={s} value={String(s)}>
                {formatScore(s)} {s === 1 ? 'stea' : 'stele'}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-c`}>Comentariu</label>
          <textarea
            id={`${id}-c`}
            rows={5}
            value={comment}
            maxLength={REVIEW_LIMITS.commentMax}
            onChange={(e) => setComment(e.target.value)}
          />
        </div>
        <FormError message={error} />
        <CancelSubmitRow className="dialog-actions" onCancel={onClose} busy={busy} />
      </form>
    </dialog>
  );
}
