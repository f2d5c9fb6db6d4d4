import { namedTopic } from '../../../schema/catalog/topics.ts';
import { SEARCH_PAGE, type SearchParams } from '../../../schema/search.ts';
import {
  anyOf,
  type Phrase,
  queryWords,
  type TextQuery,
  textQueryOf,
  wordGroup,
  writtenWords,
} from '../../../schema/text.ts';
import { betterSpelling } from '../../../schema/words.ts';
import type { SearchResult } from '../repositories/search-page.ts';
import type { SearchVocab } from '../repositories/search-vocab.ts';

/**
 * What a search answers besides its page (issue 20): the spelling it searched instead of what was typed,
 * and where the results that hold only some of the words begin.
 */
export type AssistedResult = SearchResult & {
  /** The query as corrected ('fotografie' for 'fotgrafie'): the rows are this query's. */
  correctedQuery?: string;
  /** Index in `rows` where the announcements holding only some of the words begin (first page only). */
  partialFrom?: number;
};

/** Below this many results, each unknown word of the query is corrected and the search tried again. */
export const FEW_RESULTS = 3;

type Engine = {
  search(params: SearchParams): Promise<SearchResult>;
  exists(t: TextQuery): Promise<boolean>;
};

/**
 * A search that forgives (issue 20, items 2 and 3), on either engine, at most three searches:
 * 1. the words as typed (every word, in any of its forms; the last also as a prefix);
 * 2. when that finds fewer than FEW_RESULTS and the person did not ask for the exact words: each word the
 *    catalogue does not know is replaced by its closest known word (search-vocab.ts); the corrected query
 *    is kept when it finds more (its next pages are corrected the same way, deterministically);
 * 3. on a first page that is not full, with two words or more: the announcements holding some of the
 *    words, best first, after those holding all (`partialFrom`), so a page is never empty while some
 *    words have results.
 */
export async function assistedSearch(
  engine: Engine,
  vocab: SearchVocab,
  raw: SearchParams,
): Promise<AssistedResult> {
  // Every search below runs with its long prefixes expanded into the catalogue's words.
  const search = async (p: SearchParams) =>
    engine.search({
      ...p,
      text: await expandPrefixes(p.text ?? textQueryOf(p.q ?? ''), vocab),
      ...(p.topic ? { topic: await expandPrefixes(p.topic, vocab) } : {}),
    });
  const params = raw;
  const first = await search(params);
  const ws = queryWords(params.q ?? '');
  if (ws.length === 0) return first;
  let result: AssistedResult = first;
  let q = params.q ?? '';

  // A home tile's or a sub-topic's name typed as words ('Sport', 'gradinarit'): its topic, when that finds more.
  const named = first.total < FEW_RESULTS ? namedTopic(params.q ?? '') : null;
  if (named) {
    const topical = await search({ ...params, text: named });
    if (topical.total > first.total) return topical;
  }

  if (first.total < FEW_RESULTS && !params.exact) {
    // Every word as a whole word here, the last one too: the search already found little with it as a
    // beginning ('lectii de pain' is not 'pâine' being typed).
    const options = await Promise.all(ws.map((w) => vocab.corrections(w, false)));
    if (options.some((o) => o.length > 0)) {
      // Each unknown word: the first of its closest words that finds announcements with the others
      // (a one-row probe each), else the closest ('lectii pain' → 'pian', not 'paine').
      const corrected = ws.map((w, i) => options[i]![0] ?? w);
      for (const [i, list] of options.entries()) {
        if (list.length === 0) continue;
        let pick = list[0]!;
        for (const c of list) {
          const words = corrected.map((w, k) => (k === i ? c : w));
          if (await engine.exists({ groups: words.map((w) => wordGroup(w, false)), not: [] })) {
            pick = c;
            break;
          }
        }
        corrected[i] = pick;
      }
      // Corrected words are whole words: the last is no longer being typed, but still a prefix (the rule).
      const cq = corrected.join(' ');
      const second = await search({ ...params, q: cq });
      if (second.total > first.total) {
        const catalogue = await vocab.spellings(corrected.filter((w, i) => w !== ws[i]));
        result = {
          ...second,
          correctedQuery: spelled(corrected, ws, params.q ?? '', second.rows, catalogue),
        };
        q = cq;
      }
    }
  }

  const limit = params.limit ?? SEARCH_PAGE.size;
  const words = queryWords(q);
  if (
    params.cursor === undefined &&
    words.length >= 2 &&
    result.total < limit &&
    result.rows.length < limit
  ) {
    const some = await search({
      ...params,
      q,
      text: anyOf(textQueryOf(q, words)),
      sort: params.sort ?? 'relevance',
    });
    const shown = new Set(result.rows.map((r) => r.id));
    const room = Math.min(limit, some.rows.length + result.rows.length) - result.rows.length;
    const extra = some.rows.filter((r) => !shown.has(r.id)).slice(0, Math.max(0, room));
    if (extra.length > 0)
      result = {
        ...result,
        rows: [...result.rows, ...extra],
        partialFrom: result.rows.length,
        nextCursor: null,
      };
  }
  return result;
}

/**
 * The corrected query as a person reads it: the vocabulary holds folded words ('cas' for 'caș'), so each
 * word put in is written as the announcements found write it (else as the vocabulary spells it), and each
 * word kept as the person typed it, in lower case. Searching it again folds it back to the same query.
 */
function spelled(
  corrected: string[],
  typed: string[],
  q: string,
  rows: SearchResult['rows'],
  catalogue: Map<string, string>,
): string {
  const asTyped = new Map(writtenWords(q).map((w) => [w.folded, w.written]));
  let seen: Map<string, string> | null = null;
  const asWritten = (w: string) => {
    if (!seen) {
      seen = new Map();
      for (const r of rows)
        for (const { folded, written } of writtenWords(`${r.title} ${r.description}`))
          seen.set(folded, betterSpelling(folded, seen.get(folded), written));
    }
    return seen.get(w);
  };
  return corrected
    .map((w, i) => (w === typed[i] ? asTyped.get(w) : (asWritten(w) ?? catalogue.get(w))) ?? w)
    .join(' ');
}

/** FTS5 keeps prefix indexes up to this many characters (migration 0009: prefix='1 2 3 4 5 6'). */
export const PREFIX_INDEXED = 6;
/** Catalogue words a longer prefix stands for at most (the most common). */
export const PREFIX_EXPANSIONS = 16;

/**
 * A prefix longer than FTS5's prefix indexes ('fotograf…' while typing) would merge the lists of every
 * word it begins — a hundred thousand entries at a million announcements, on every row a walk looks up.
 * It is replaced by the word itself and the PREFIX_EXPANSIONS most common catalogue words it begins, each
 * an exact term (one list each). Both engines get the same query (the vocabulary is in the database).
 */
export async function expandPrefixes(t: TextQuery, vocab: SearchVocab): Promise<TextQuery> {
  const expand = async (g: Phrase[]) => {
    const out: Phrase[] = [];
    for (const ph of g) {
      if (!ph.prefix || ph.term.length <= PREFIX_INDEXED) out.push(ph);
      else {
        out.push({ term: ph.term, prefix: false });
        for (const { word } of await vocab.completions(ph.term, PREFIX_EXPANSIONS))
          out.push({ term: word, prefix: false });
      }
    }
    const seen = new Set<string>();
    return out.filter((p) => {
      const k = `${p.prefix ? '*' : '='}${p.term}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };
  return { groups: await Promise.all(t.groups.map(expand)), not: await expand(t.not) };
}
