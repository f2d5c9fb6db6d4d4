import { stemmer as snowballRomanian } from '@orama/stemmers/romanian';
import { contentWords, queryWords, WORD_MAX } from './words.ts';

/**
 * Romanian text analysis (issue 20), defined once for the three places that search: SQLite's FTS5 index,
 * PostgreSQL's word tables (both index the `search_title` / `search_text` columns this module writes, see
 * searchColumns) and the device's offline search (matchesQuery). So 'lectie chitara' finds 'Lecții de
 * chitară', 'prajitura' finds 'Prăjituri' and 'casa' finds 'case', the same way on all three.
 *
 * A word is folded (ș/ş → s, ț/ţ → t, other marks dropped, lower case) and indexed under up to three forms:
 * - the folded word itself ('prajiturile'), so the word being typed matches as a prefix ('praji…');
 * - its Snowball stem (the Snowball Romanian algorithm of @orama/stemmers, run on the folded word: it meets
 *   'nunta'/'nunti', 'casa'/'case', 'lectie'/'lectii' — compared with snowball-stemmers and @nlpjs/lang-ro
 *   on a word table, all three agree on folded words; docs/decisions.md);
 * - a light stem (one inflection ending removed, at least 4 letters kept), which catches what Snowball
 *   leaves apart: 'tort'/'torturi', 'chitara'/'chitare', 'piesa'/'piese', 'vanzare'/'vanzari'.
 * A query word matches a text word when one of its forms equals one of the text word's forms; the last
 * query word also matches as the beginning of a folded word (the person may still be typing it).
 * Stop words ('de', 'si', 'pentru'…) are neither indexed nor searched.
 */

export {
  contentWords,
  foldDiacritics,
  QUERY_WORDS_MAX,
  queryWords,
  STOP_WORDS,
  spelledContentWords,
  WORD_MAX,
  words,
  writtenWords,
} from './words.ts';

/** Romanian inflection endings, longest first ('torturile' → 'tort'), then a final vowel. */
const ENDINGS = [
  'urilor',
  'urile',
  'ului',
  'ilor',
  'elor',
  'iile',
  'uri',
  'ele',
  'ile',
  'ii',
  'ul',
  'ea',
  'ia',
  'ie',
  'a',
  'e',
  'i',
  'u',
];
/** A light stem keeps at least this many letters ('casa' stays whole: 'cas' would meet 'casete'). */
const LIGHT_MIN = 4;

/** One inflection ending removed while at least LIGHT_MIN letters remain. */
export function lightStem(word: string): string {
  for (const e of ENDINGS)
    if (word.endsWith(e) && word.length - e.length >= LIGHT_MIN) return word.slice(0, -e.length);
  return word;
}

const FORMS_KEPT = 20_000;
const formsCache = new Map<string, readonly string[]>();

/**
 * The forms a folded word is indexed and searched under: itself, its Snowball stem, its light stem
 * (distinct, in that order). Digits-only words and words of one or two letters are kept as they are.
 */
export function wordForms(word: string): readonly string[] {
  const w = word.length > WORD_MAX ? word.slice(0, WORD_MAX) : word;
  const kept = formsCache.get(w);
  if (kept) return kept;
  let forms: string[];
  if (w.length <= 2 || !/\p{L}/u.test(w)) forms = [w];
  else {
    const snow = snowballRomanian(w);
    forms = [...new Set([w, snow, lightStem(w)].filter((f) => f !== ''))];
  }
  if (formsCache.size >= FORMS_KEPT) formsCache.clear();
  formsCache.set(w, forms);
  return forms;
}

/** A text as the index holds it: every form of every content word, separated by spaces. */
export function analyze(text: string): string {
  const out: string[] = [];
  for (const w of contentWords(text)) out.push(...wordForms(w));
  return out.join(' ');
}

/**
 * The analysed columns of an announcement (schema/db/tables.ts): what SQLite's FTS5 index and
 * PostgreSQL's word tables read instead of the title and description. Every write of a title or a
 * description writes them too.
 */
export function searchColumns(title: string, description: string) {
  return { searchTitle: analyze(title), searchText: analyze(description) };
}

// ---- Queries: groups of phrases, every group must match (one of its phrases) ----

/** A term of the index: equal to a token, or (prefix) the beginning of one. */
export type Phrase = { term: string; prefix: boolean };

/**
 * A text query: every group matches (one of its phrases is in the title or the description), and no
 * phrase of `not` does. The same structure runs as an FTS5 MATCH (SQLite), a tsquery (PostgreSQL) and
 * matchesQuery (the device). Phrases are listed in the order BM25 sums them on both engines.
 */
export type TextQuery = { groups: Phrase[][]; not: Phrase[] };

/** The phrases of one query word: its forms, and for the word being typed, its beginning. */
export function wordGroup(word: string, typing: boolean): Phrase[] {
  const forms = wordForms(word);
  if (!typing) return forms.map((term) => ({ term, prefix: false }));
  // The folded word as a prefix covers the word itself; a stem that starts with it adds nothing.
  const w = forms[0]!;
  return [
    ...forms
      .slice(1)
      .filter((f) => !f.startsWith(w))
      .map((term) => ({ term, prefix: false })),
    { term: w, prefix: true },
  ];
}

/**
 * The query the search box's text makes: every content word (as its forms), the last one also as a
 * prefix (the spec's partial match: the person may still be typing it). Empty when the text holds only
 * stop words or nothing.
 */
export function textQueryOf(q: string, ws: string[] = queryWords(q)): TextQuery {
  return { groups: ws.map((w, i) => wordGroup(w, i === ws.length - 1)), not: [] };
}

/** Every phrase of a query in order (BM25's sum on both engines). */
export const phrasesOf = (t: TextQuery): Phrase[] => t.groups.flat();

/** A query that matches any one of the groups (the 'some of the words' results). */
export const anyOf = (t: TextQuery): TextQuery => ({ groups: [t.groups.flat()], not: t.not });

/** Joins two queries (a search's words and a topic): all groups of both, and both exclusions. */
export const both = (a: TextQuery, b: TextQuery): TextQuery => ({
  groups: [...a.groups, ...b.groups],
  not: [...a.not, ...b.not],
});

const holds = (tokens: ReadonlySet<string>, sorted: readonly string[], ph: Phrase) => {
  if (!ph.prefix) return tokens.has(ph.term);
  return sorted.some((t) => t.startsWith(ph.term));
};

/** The tokens of an analysed text (searchColumns' output, or analyze of a text). */
export function tokensOf(analysed: string): string[] {
  return analysed === '' ? [] : analysed.split(' ');
}

/** True when the analysed title + description satisfy the query (the device's side of the search). */
export function matchesQuery(t: TextQuery, analysedTitle: string, analysedText: string): boolean {
  if (t.groups.length === 0 && t.not.length === 0) return true;
  const list = [...tokensOf(analysedTitle), ...tokensOf(analysedText)];
  const set = new Set(list);
  return (
    t.groups.every((g) => g.some((ph) => holds(set, list, ph))) && !t.not.some((ph) => holds(set, list, ph))
  );
}
