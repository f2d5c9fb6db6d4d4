import {
  analyze,
  contentWords,
  type Phrase,
  phrasesOf,
  type TextQuery,
  tokensOf,
  wordForms,
} from './text.ts';

/**
 * Relevance on the device (issue 20): the server's order — FTS5's bm25(announcements_fts, 10, 1, 0), which
 * PostgreSQL's search reproduces (repositories/search-pg-sql.ts) — computed the same way over the
 * announcements this phone holds. With the same rows it gives the same order as the server, to the last
 * tie (newest first); offline, over what the phone holds, its statistics are those of the phone's rows.
 *
 * FTS5 (fts5_aux.c): for each phrase, IDF = ln((N − hits + 0.5) / (hits + 0.5)), 1e-6 when not positive;
 * f = 10 × instances in the title + 1 × in the description; D = the row's tokens (title + description +
 * the 5 filter tokens of the index's third column); score = Σ IDF·f·(k1 + 1) / (f + k1·(1 − b + b·D/avgdl)),
 * k1 = 1.2, b = 0.75, summed in phrase order; rows by −score ascending.
 */
const K1 = 1.2;
const B = 0.75;
/** Tokens of the index's `facets` column in every row (category, county, place, price band, seller). */
const FACET_TOKENS = 5;
const TITLE_WEIGHT = 10;

type Doc = { id: string; createdAt: string; title: string; description: string };
type Analysed = { title: string[]; text: string[] };

const instances = (tokens: readonly string[], ph: Phrase) =>
  ph.prefix ? tokens.filter((t) => t.startsWith(ph.term)).length : tokens.filter((t) => t === ph.term).length;

/**
 * `matches` (rows of `corpus` that satisfy the query) in the server's relevance order; `corpus` is every
 * public announcement the statistics are taken over (the server: the whole index).
 */
export function relevanceOrder<T extends Doc>(
  query: TextQuery,
  matches: readonly T[],
  corpus: readonly Doc[],
  /** The typed words' query (for the side-by-side bonus) and today's day number (recency). */
  boostBy: { words: TextQuery; today: number } | null = null,
): T[] {
  const phrases = phrasesOf(query);
  const cache = new Map<string, Analysed>();
  const analysed = (d: Doc): Analysed => {
    let a = cache.get(d.id);
    if (!a) {
      a = { title: tokensOf(analyze(d.title)), text: tokensOf(analyze(d.description)) };
      cache.set(d.id, a);
    }
    return a;
  };
  const n = corpus.length;
  let tokens = 0;
  const hits = phrases.map(() => 0);
  for (const d of corpus) {
    const a = analysed(d);
    tokens += a.title.length + a.text.length + FACET_TOKENS;
    phrases.forEach((ph, i) => {
      if (instances(a.title, ph) + instances(a.text, ph) > 0) hits[i]! += 1;
    });
  }
  const avgdl = tokens / n;
  const idf = hits.map((h) => {
    const x = Math.log((n - h + 0.5) / (h + 0.5));
    return x <= 0 ? 1e-6 : x;
  });
  const score = (d: Doc) => {
    const a = analysed(d);
    const size = a.title.length + a.text.length + FACET_TOKENS;
    let s = 0;
    phrases.forEach((ph, i) => {
      const f = TITLE_WEIGHT * instances(a.title, ph) + instances(a.text, ph);
      s += idf[i]! * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * size) / avgdl)));
    });
    return -1 * s;
  };
  const scored = matches.map((d) => ({ d, s: score(d), id: d.id, createdAt: d.createdAt }));
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  scored.sort((x, y) => x.s - y.s || cmp(y.d.createdAt, x.d.createdAt) || cmp(y.d.id, x.d.id));
  if (!boostBy) return scored.map((x) => x.d);
  return rerank(scored, (x) =>
    boost(
      boostBy.words,
      { title: x.d.title, description: boostText(x.d.description), createdAt: x.d.createdAt },
      boostBy.today,
    ),
  ).map((x) => x.d);
}

// ---- Beyond BM25: the words side by side, and a small preference for what is new ----

/** Characters of a description read for the side-by-side bonus (its start says what it is about). */
export const BOOST_TEXT = 400;
/** The start of a description the bonus reads, in characters as SQL's substr counts them (code points). */
export const boostText = (description: string) => Array.from(description).slice(0, BOOST_TEXT).join('');

/** The best rows by BM25 that are ranked again (the rest keep BM25's order, below them). */
export const RERANK_WINDOW = 200;
/** Every pair of consecutive query words side by side in the title ('tort ciocolata' in 'Tort de ciocolată'). */
const TITLE_PHRASE_BONUS = 0.5;
/** Share of consecutive query-word pairs side by side in the title or the description. */
const PROXIMITY_BONUS = 0.25;
/** A new announcement's advantage, halving every RECENCY_HALF_DAYS. */
const RECENCY_BONUS = 0.15;
const RECENCY_HALF_DAYS = 30;
const DAY_MS = 86_400_000;

/** Today as a whole UTC day number (the recency prior changes once a day, not between two pages). */
export const dayNumber = (ms: number = Date.now()) => Math.floor(ms / DAY_MS);

/** Which query word (group) each content word of a text satisfies. */
function positions(groups: readonly Phrase[][], text: string): boolean[][] {
  return contentWords(text).map((w) => {
    const forms = wordForms(w);
    return groups.map((g) =>
      g.some((ph) => (ph.prefix ? forms.some((f) => f.startsWith(ph.term)) : forms.includes(ph.term))),
    );
  });
}

/** How many consecutive pairs of groups (i, i + 1) appear side by side, in this order, in the text. */
function adjacentPairs(groups: readonly Phrase[][], text: string): boolean[] {
  const pos = positions(groups, text);
  return groups
    .slice(1)
    .map((_, i) => pos.some((here, p) => here[i] === true && pos[p + 1]?.[i + 1] === true));
}

/**
 * The factor a row's BM25 score (negative: lower is better) is multiplied by: more than 1 for the query's
 * words side by side (in the title above all) and for a recent announcement. `words` are the typed words'
 * groups only (a topic's lists are alternatives, not a phrase).
 */
export function boost(
  words: TextQuery,
  row: { title: string; description: string; createdAt: string },
  today: number,
): number {
  let factor = 1;
  const g = words.groups;
  if (g.length >= 2) {
    const inTitle = adjacentPairs(g, row.title);
    const inText = adjacentPairs(g, row.description);
    if (inTitle.every(Boolean)) factor += TITLE_PHRASE_BONUS;
    factor += (PROXIMITY_BONUS * inTitle.filter((x, i) => x || inText[i]).length) / inTitle.length;
  }
  const created = Date.parse(row.createdAt);
  const age = Number.isFinite(created) ? Math.max(0, today - dayNumber(created)) : Number.POSITIVE_INFINITY;
  return factor * (1 + RECENCY_BONUS * 2 ** (-age / RECENCY_HALF_DAYS));
}

/**
 * Ranks again the first RERANK_WINDOW entries of a BM25 ranking (sorted by `s`, ties newest first):
 * each `s` multiplied by its boost; the rest follow unchanged. Server and device run this same function.
 */
export function rerank<T extends { s: number; id: string; createdAt: string }>(
  ranked: readonly T[],
  factor: (t: T) => number,
): T[] {
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const head = ranked
    .slice(0, RERANK_WINDOW)
    .map((t) => ({ ...t, s: t.s * factor(t) }))
    .sort((x, y) => x.s - y.s || cmp(y.createdAt, x.createdAt) || cmp(y.id, x.id));
  return [...head, ...ranked.slice(RERANK_WINDOW)];
}
