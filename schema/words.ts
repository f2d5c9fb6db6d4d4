/**
 * The words of a text as search sees them (issue 20): folded (ș/ş → s, ț/ţ → t, other marks dropped, lower
 * case), split on anything that is not a letter or a digit, stop words left out. Apart from the stemming
 * of schema/text.ts (which re-exports all of this), so the first screen's code, which only needs to know
 * whether a query has words (effectiveSort) or to fold a name, does not carry the Snowball stemmer.
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

/** Longest word kept whole (a query word has at most 200 characters; longer ones are cut). */
export const WORD_MAX = 60;

/** Folded words: split on anything that is not a letter or a digit. */
export function words(s: string): string[] {
  return foldDiacritics(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/**
 * A text's words as written, in lower case ('Caș' → 'caș'), beside their folded forms: what a person is
 * shown of a word the index holds folded (suggestions, corrections). Same split as `words`.
 */
export function writtenWords(s: string): { folded: string; written: string }[] {
  return (
    s
      .normalize('NFC')
      .toLocaleLowerCase('ro')
      // Marks with no composed letter ('İ' lower-cased is 'i' + U+0307) go, as `words` drops them: the same
      // split, so the vocabulary holds the index's words.
      .replace(/\p{M}+/gu, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w !== '')
      .map((written) => ({ folded: foldDiacritics(written), written }))
  );
}

/** Of two spellings of one folded word, the one to show: the one with diacritics ('căsătorie'). */
export const betterSpelling = (folded: string, a: string | undefined, b: string): string =>
  a !== undefined && a !== folded ? a : b;

/** Words that say nothing about what is offered (folded). Neither indexed nor searched. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a ai al ale am ar are as asa au ca cat cati ce cea cei cel cele ci cu cum da daca de deci din ' +
    'dintre dupa e ea ei el ele era este eu fara fi fie fost iar in inca intr intre isi la le li lor ' +
    'lui m ma mai mi ne ni nici noi nu o or ori pe pentru peste prin s sa sau se si sub sunt spre ' +
    'ta tale tau te ti tu un una unei unor unui va vi voi vom vor'
  ).split(' '),
);

/**
 * The distinct searchable words of a text (as `contentWords`), each with its spelling as written there
 * (lower case; the one with diacritics when the text writes it both ways).
 */
export function spelledContentWords(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const { folded, written } of writtenWords(text)) {
    if (STOP_WORDS.has(folded)) continue;
    const w = folded.length > WORD_MAX ? folded.slice(0, WORD_MAX) : folded;
    out.set(w, betterSpelling(w, out.get(w), w === folded ? written : w));
  }
  return out;
}

/** The searchable words of a text: folded, stop words left out, cut at WORD_MAX. */
export function contentWords(text: string): string[] {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map((w) => (w.length > WORD_MAX ? w.slice(0, WORD_MAX) : w));
}

/** Most words of a query that are searched (a 200-word paste is cut: bounded work). */
export const QUERY_WORDS_MAX = 8;

/** The content words of a query, at most QUERY_WORDS_MAX, without repeats. */
export function queryWords(q: string): string[] {
  return [...new Set(contentWords(q))].slice(0, QUERY_WORDS_MAX);
}
