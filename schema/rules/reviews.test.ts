import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './account.ts';
import { PHONE_INVALID_MESSAGE } from './common.ts';
import {
  isKnownPlace,
  normalizeProfileInput,
  PROFILE_MESSAGES,
  type ProfileInput,
  validateProfileEdit,
} from './profile.ts';
import {
  normalizeComment,
  parseScore,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  ratingSummary,
  validateNewReview,
  validateReviewEdit,
} from './reviews.ts';

describe('REVIEW_MESSAGES', () => {
  it('carries the spec texts word for word', () => {
    expect(REVIEW_MESSAGES.userUnavailable).toBe('Utilizatorul nu este disponibil pentru evaluare.');
    expect(REVIEW_MESSAGES.likeSignIn).toBe('Trebuie să fii autentificat pentru a da like');
    expect(REVIEW_MESSAGES.posted).toBe('Recenzia a fost publicată. Mulțumim pentru feedback!');
    expect(REVIEW_MESSAGES.likeFailed).toBe('A apărut o eroare la like. Încearcă din nou.');
    expect(REVIEW_MESSAGES.editFailed).toBe('A apărut o eroare la editare.');
    expect(REVIEW_MESSAGES.deleteFailed).toBe('A apărut o eroare la ștergere.');
    expect(REVIEW_MESSAGES.selfReview).toBe('Nu te poți evalua singur.');
    expect(REVIEW_MESSAGES.duplicate).toBe('Ai lăsat deja o recenzie acestui utilizator.');
    expect(REVIEW_MESSAGES.commentTooLong).toBe('Comentariul nu poate depăși 2000 de caractere.');
  });
});

describe('validateNewReview', () => {
  it('accepts 1 to 5 whole stars, with or without a comment', () => {
    for (const score of [1, 2, 3, 4, 5]) expect(validateNewReview({ score, comment: '' })).toEqual({});
    expect(validateNewReview({ score: 5, comment: 'Foarte amabilă.\nRecomand!' })).toEqual({});
  });

  it('refuses 0, 6, halves, NaN and infinities', () => {
    for (const score of [0, 6, 4.5, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(validateNewReview({ score, comment: '' }).score).toBe(REVIEW_MESSAGES.scoreNew);
  });

  it('limits the comment to 2000 characters, counted as a person counts them', () => {
    expect(validateNewReview({ score: 5, comment: 'ș'.repeat(REVIEW_LIMITS.commentMax) })).toEqual({});
    expect(validateNewReview({ score: 5, comment: 'a'.repeat(2001) }).comment).toBe(
      REVIEW_MESSAGES.commentTooLong,
    );
  });
});

describe('validateReviewEdit', () => {
  it('accepts 0 to 5 in steps of 0.5', () => {
    for (const score of [0, 0.5, 1, 2.5, 4.5, 5])
      expect(validateReviewEdit({ score, comment: '' })).toEqual({});
  });

  it('refuses other steps and out-of-range values', () => {
    for (const score of [0.25, 4.3, 5.5, -0.5, Number.NaN])
      expect(validateReviewEdit({ score, comment: '' }).score).toBe(REVIEW_MESSAGES.scoreEdit);
    expect(validateReviewEdit({ score: 4, comment: 'x'.repeat(2001) }).comment).toBe(
      REVIEW_MESSAGES.commentTooLong,
    );
  });
});

describe('parseScore and normalizeComment', () => {
  it('reads numbers and numeric strings (comma or dot), keeps undefined, makes the rest NaN', () => {
    expect(parseScore(4)).toBe(4);
    expect(parseScore(' 4,5 ')).toBe(4.5);
    expect(parseScore('3')).toBe(3);
    expect(parseScore(undefined)).toBeUndefined();
    for (const v of [null, true, '', 'cinci', {}, []]) expect(parseScore(v)).toBeNaN();
  });

  it('trims the ends of a comment but keeps its lines', () => {
    expect(normalizeComment('  Bun.\nRecomand.  ')).toBe('Bun.\nRecomand.');
    expect(normalizeComment(null)).toBe('');
  });
});

describe('ratingSummary', () => {
  it('gives the rounded average, the count and bars that add up to the count', () => {
    expect(ratingSummary([])).toEqual({ average: 0, count: 0, histogram: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } });
    expect(ratingSummary([5, 4, 4, 1])).toEqual({
      average: 3.5,
      count: 4,
      histogram: { 5: 1, 4: 2, 3: 0, 2: 0, 1: 1 },
    });
    const halves = ratingSummary([4.5, 0, 0.5, 2.5]);
    expect(halves.histogram).toEqual({ 5: 1, 4: 0, 3: 1, 2: 0, 1: 2 });
    expect(halves.average).toBe(1.9);
  });
});

describe('validateProfileEdit', () => {
  const valid: ProfileInput = { firstName: 'Ana', lastName: 'Pop', localitate: '', phone: '' };
  const errorsOf = (patch: Partial<ProfileInput>) => validateProfileEdit({ ...valid, ...patch });

  it('shares its name and phone messages with sign-up and the announcement form', () => {
    expect(PROFILE_MESSAGES.firstNameRequired).toBe(ACCOUNT_MESSAGES.firstNameRequired);
    expect(PROFILE_MESSAGES.phoneInvalid).toBe(PHONE_INVALID_MESSAGE);
    expect(PROFILE_MESSAGES.saveFailed).toBe('Eroare la salvarea profilului');
    expect(PROFILE_MESSAGES.imageFailed).toBe('Eroare la încărcarea imaginii');
    expect(PROFILE_MESSAGES.unavailable).toBe('Profil indisponibil');
  });

  it('accepts names, an empty or valid phone, an empty locality, a town, a commune or a county', () => {
    expect(validateProfileEdit(valid)).toEqual({});
    for (const localitate of ['Cluj-Napoca', 'Florești', 'Iași', 'Ilfov', 'București'])
      expect(errorsOf({ localitate })).toEqual({});
    expect(errorsOf({ phone: '0712345678' })).toEqual({});
  });

  it('requires names of at most 50 characters', () => {
    expect(errorsOf({ firstName: ' ', lastName: '' })).toEqual({
      firstName: PROFILE_MESSAGES.firstNameRequired,
      lastName: PROFILE_MESSAGES.lastNameRequired,
    });
    expect(errorsOf({ lastName: 'ă'.repeat(50) })).toEqual({});
    expect(errorsOf({ firstName: 'a'.repeat(51) }).firstName).toBe(PROFILE_MESSAGES.nameTooLong);
  });

  it('refuses a malformed phone and a place that is not in the list', () => {
    expect(errorsOf({ phone: '712345678' }).phone).toBe(PROFILE_MESSAGES.phoneInvalid);
    expect(errorsOf({ localitate: 'Atlantida' }).localitate).toBe(PROFILE_MESSAGES.localitateInvalid);
    expect(errorsOf({ localitate: 'Toată țara' }).localitate).toBe(PROFILE_MESSAGES.localitateInvalid);
    expect(isKnownPlace('cluj-napoca')).toBe(false);
  });

  it('normalises the raw form: trimmed text, phone without spaces, unknown types as empty', () => {
    expect(
      normalizeProfileInput({
        firstName: ' Ana ',
        lastName: 'Pop',
        localitate: ' Cluj-Napoca',
        phone: '0712 345 678',
      }),
    ).toEqual({ firstName: 'Ana', lastName: 'Pop', localitate: 'Cluj-Napoca', phone: '0712345678' });
    expect(normalizeProfileInput({ firstName: {}, phone: null })).toEqual({
      firstName: '',
      lastName: '',
      localitate: '',
      phone: '',
    });
  });
});
