/**
 * Text matching shared by the listing pages and the server: searches ignore case and diacritics, so a
 * query typed on a phone without a Romanian keyboard ('prajituri') still finds 'Prăjituri de casă'.
 */

/** Both comma-below (standard) and cedilla (legacy) forms of ș/ț, upper and lower case. */
const S_T_VARIANTS = /[șşȘŞțţȚŢ]/g;
const S_T_FOLD: Record<string, string> = { ș: 's', ş: 's', Ș: 's', Ş: 's', ț: 't', ţ: 't', Ț: 't', Ţ: 't' };

export function foldDiacritics(s: string): string {
  return s
    .replace(S_T_VARIANTS, (ch) => S_T_FOLD[ch] ?? ch)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Folded words: split on anything that is not a letter or a digit. */
export function words(s: string): string[] {
  return foldDiacritics(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/**
 * Spec doc 2 §5: every query word must match some title or description word, partially, in either
 * direction ('praji' finds 'prajituri', and 'prajiturile' finds 'prajituri'). An empty query matches all.
 */
export function matchesSearch(query: string, title: string, description: string): boolean {
  const queryWords = words(query);
  if (queryWords.length === 0) return true;
  const textWords = [...words(title), ...words(description)];
  return queryWords.every((qw) =>
    textWords.some((w) => w.includes(qw) || (w.length >= REVERSE_MIN && qw.includes(w))),
  );
}

/**
 * The reverse direction (a text word inside the query word) only counts for text words of 3+ letters:
 * otherwise 'de', 'si' or 'la', present in nearly every description, would match any query.
 */
const REVERSE_MIN = 3;

/** My-announcements rule (spec doc 1 §5): every query word occurs inside at least one field. */
export function matchesAllWords(query: string, fields: string[]): boolean {
  const queryWords = words(query);
  if (queryWords.length === 0) return true;
  const folded = fields.map(foldDiacritics);
  return queryWords.every((qw) => folded.some((f) => f.includes(qw)));
}

/** Romanian alphabetical order, ignoring case and accents for equality (for sorting titles A–Z). */
export const roCollator: Intl.Collator = new Intl.Collator('ro', { sensitivity: 'base' });
