import { averageStars } from '../format.ts';
import { charCount, fieldErrors, toTrimmedString } from './common.ts';

/**
 * Rules of the profile pages: reviews (the rating dialog, doc 2 §5; the edit dialog, doc 1 §5), the rating
 * summary, and the own-profile edit form. The React forms and the server's routes call the same functions.
 */

export const REVIEW_LIMITS = {
  /** Doc 2: the rating dialog offers 1 to 5 whole stars. */
  newScoreMin: 1,
  newScoreMax: 5,
  /** Doc 1 §5: an edited score is a number from 0 to 5 in steps of 0.5. */
  editScoreMin: 0,
  editScoreMax: 5,
  editScoreStep: 0.5,
  /** Our bound (the spec sets none): long enough for a real review, short enough for a card. */
  commentMax: 2000,
} as const;

const L = REVIEW_LIMITS;

export const REVIEW_MESSAGES = {
  scoreNew: `Nota trebuie să fie un număr întreg de stele, de la ${L.newScoreMin} la ${L.newScoreMax}.`,
  scoreEdit: `Nota trebuie să fie între ${L.editScoreMin} și ${L.editScoreMax}, în pași de 0,5.`,
  commentTooLong: `Comentariul nu poate depăși ${L.commentMax} de caractere.`,
  selfReview: 'Nu te poți evalua singur.',
  duplicate: 'Ai lăsat deja o recenzie acestui utilizator.',
  userUnavailable: 'Utilizatorul nu este disponibil pentru evaluare.',
  likeSignIn: 'Trebuie să fii autentificat pentru a da like',
  ownLike: 'Nu poți aprecia propria recenzie.',
  notFound: 'Recenzia nu a fost găsită.',
  deleted: 'Recenzia a fost ștearsă.',
  /** Shown as the author of a review whose account was deleted. */
  deletedAuthor: 'Utilizator șters',
  posted: 'Recenzia a fost publicată. Mulțumim pentru feedback!',
  /** Issue 40 (L7): a block stops reviews both ways, as it stops messages. */
  blockedByOther: 'Nu poți lăsa o recenzie acestei persoane.',
  youBlocked: 'Ai blocat această persoană. Deblochează-o ca să îi poți lăsa o recenzie.',
  /** Doc 2 §8 and doc 1 §8: what the client shows when the server gives no error text. */
  sendFailed: 'A apărut o eroare la trimiterea recenziei. Încearcă din nou.',
  likeFailed: 'A apărut o eroare la like. Încearcă din nou.',
  editFailed: 'A apărut o eroare la editare.',
  deleteFailed: 'A apărut o eroare la ștergere.',
} as const;

/** A review as the REST paths answer it: described in schema/api/reviews.ts. */
export type { ReviewApi } from '../api/reviews.ts';

export type ReviewInput = { score: number; comment: string };
export type ReviewErrors = Partial<Record<keyof ReviewInput, string>>;

/**
 * An untrusted score: a number, or a numeric string from a form; anything else is NaN, which every rule
 * refuses. A missing value (undefined) stays undefined so an edit can keep the current score.
 */
export function parseScore(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim().replace(',', '.'));
  return Number.NaN;
}

/** Comments are multiline: inner line breaks stay, the ends are trimmed. */
export function normalizeComment(value: unknown): string {
  return toTrimmedString(value);
}

function commentError(comment: string): string | undefined {
  return charCount(comment) > L.commentMax ? REVIEW_MESSAGES.commentTooLong : undefined;
}

export function isNewReviewScore(score: number): boolean {
  return Number.isInteger(score) && score >= L.newScoreMin && score <= L.newScoreMax;
}

export function isEditedReviewScore(score: number): boolean {
  return (
    Number.isFinite(score) &&
    score >= L.editScoreMin &&
    score <= L.editScoreMax &&
    Number.isInteger(score / L.editScoreStep)
  );
}

/** The rating dialog: 1–5 whole stars, optional comment. */
export function validateNewReview(i: ReviewInput): ReviewErrors {
  return fieldErrors({
    score: isNewReviewScore(i.score) ? undefined : REVIEW_MESSAGES.scoreNew,
    comment: commentError(i.comment),
  });
}

/** The edit dialog: 0–5 in half steps, optional comment. */
export function validateReviewEdit(i: ReviewInput): ReviewErrors {
  return fieldErrors({
    score: isEditedReviewScore(i.score) ? undefined : REVIEW_MESSAGES.scoreEdit,
    comment: commentError(i.comment),
  });
}

export type StarBucket = 5 | 4 | 3 | 2 | 1;
export type RatingSummary = { average: number; count: number; histogram: Record<StarBucket, number> };

/**
 * Score, review count and the 5-to-1 bars of a profile. A half score counts in the nearest bar, rounding
 * up (4.5 → 5), and the edit dialog's 0 and 0.5 count as one star, so the bars always add up to the count.
 */
export function ratingSummary(scores: number[]): RatingSummary {
  const histogram: Record<StarBucket, number> = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  for (const s of scores) {
    const bucket = Math.min(5, Math.max(1, Math.round(s))) as StarBucket;
    histogram[bucket] += 1;
  }
  return { average: averageStars(scores), count: scores.length, histogram };
}

// ---- Own profile edit (doc 1 §2 'Own profile', §4 'Profile edit', §8 'Profile') ----
