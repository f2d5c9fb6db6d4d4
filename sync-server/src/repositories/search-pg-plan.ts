import type { SearchParams } from '../../../schema/search.ts';
import type { Phrase, TextQuery } from '../../../schema/text.ts';

/**
 * The PostgreSQL search's two choices made by hand (search-pg.ts), from the word counts of search_df:
 * the planner has them only as estimates, and walks an order's index for a word nobody wrote.
 */

/**
 * How the newest SCORE_CAP matches are found (search-pg-sql.ts): walking the date index reads about
 * cap·N/matches rows, finding the matches through the word index and sorting them reads each match, at
 * about twice a walked row's cost (measured at 1M: 'meditatii', 24k matches, 600 ms walked, 280 ms sorted;
 * 'reparatii', 50k, 290 / 400 ms; 'fotograf', 200k, 60 / 1,450 ms). Matches are bounded by the rarest
 * group (its phrases' row counts, search_df). With filters the planner chooses (they may have an index).
 */
/** Rough share of the rows a filter keeps (14 categories, 42 counties, 4 price bands), for orderPlan. */
const FILTER_SHARE = { category: 1 / 14, judet: 1 / 20, localitate: 1 / 5, pret: 1 / 4, owner: 1 / 1000 };

/** The rough share of the rows the filters of `p` keep. */
const shareOf = (p: Pick<SearchParams, keyof typeof FILTER_SHARE>) =>
  Object.entries(FILTER_SHARE).reduce(
    (share, [k, f]) => (p[k as keyof typeof FILTER_SHARE] ? share * f : share),
    1,
  );

/** Order entries a walk reads to find `n` matches: rows / (matches kept by the filters) per match. */
function expectedWalk(
  text: TextQuery,
  df: Record<string, number>,
  rows: number,
  p: Pick<SearchParams, keyof typeof FILTER_SHARE>,
  n: number,
): number {
  return (n * rows) / Math.max(1, rarest(text, df) * shareOf(p));
}

/**
 * How a page in an order finds its `n` rows: walking the order's index reads expectedWalk entries,
 * finding the matches through the word index reads each of them once (the rarest group bounds them).
 */
export function orderPlan(...args: Parameters<typeof expectedWalk>): 'sort' | 'walk' {
  const [text, df] = args;
  return rarest(text, df) < WALK_SKEW * expectedWalk(...args) ? 'sort' : 'walk';
}
/**
 * A walk is chosen only when expected this much cheaper: matches cluster in an order (cheap lessons at
 * one end of the prices), where a walk reads far more than its share ('meditatii' in Cluj by price: 1.9 s
 * walked at 1M).
 */
const WALK_SKEW = 20;

/** Order entries a walk reads at most: four times its expected length, 2,000 to 20,000. */
export function walkBudget(...args: Parameters<typeof expectedWalk>): number {
  return Math.round(Math.min(20_000, Math.max(2000, 4 * expectedWalk(...args))));
}

/** A phrase's key in search_df: '=' + a whole word, '*' + a beginning. */
export const dfKey = (ph: Phrase) => (ph.prefix ? '*' : '=') + ph.term;

/** At most how many rows hold one of a group's phrases (their row counts summed). */
export const groupRows = (g: Phrase[], df: Record<string, number>) =>
  g.reduce((sum, ph) => sum + (df[dfKey(ph)] ?? 0), 0);

/** The matches' bound: the rarest group's rows. */
const rarest = (text: TextQuery, df: Record<string, number>) =>
  Math.min(...text.groups.map((g) => groupRows(g, df)));

export function newestPlan(
  text: TextQuery,
  df: Record<string, number>,
  rows: number,
  filters: string[],
  scoreCap: number,
): 'sort' | 'walk' {
  if (filters.length > 0 || text.groups.length === 0) return 'walk';
  const matches = rarest(text, df);
  return 2 * matches * matches < scoreCap * rows ? 'sort' : 'walk';
}

/** Matches past which finding them first costs more than any walk (then a cut walk goes on unbounded; 'meditatii', ~48k, sorted in 180 ms at 1M). */
const SORT_MAX = 60_000;

/**
 * After a walk cut at its budget: the matches found first when they are few enough, else the planner's
 * walk, unbounded ('lectii' by price at 1M: 100k cheap lessons, sorting them took 1.1 s).
 */
export const afterCutWalk = (
  text: TextQuery,
  df: Record<string, number>,
  p: Pick<SearchParams, keyof typeof FILTER_SHARE>,
): 'sort' | 'plan' => (rarest(text, df) * shareOf(p) <= SORT_MAX ? 'sort' : 'plan');

/**
 * Whether relevance's newest `scoreCap` matches (no filters) are read through the RUM index
 * (search-pg-rum.ts): when they are more than scored, and too few for a short walk of the date index
 * (which reads about cap·rows/matches wide rows: 'fotograf', 211k matches of 1M, walked 52 ms, through
 * the index 281 ms, every posting of the word read; 'reparatii', ~50k, walked or sorted 170 ms, through
 * the index 78 ms).
 */
export const rumForNewest = (text: TextQuery, df: Record<string, number>, rows: number, scoreCap: number) => {
  const matches = rarest(text, df);
  // Several words: the index reads the rarest's rows until enough hold the others; when that word is
  // not so common, the rows holding all of them are fewer still, and sorted faster ('tort ciocolata':
  // ~12k rows of 'ciocolata', 69 ms sorted, 125 ms through the index; 'sedinta foto': 77k, 397 / 84 ms).
  const least = text.groups.length > 1 ? RUM_MULTI_FROM : scoreCap;
  return matches > least && (scoreCap * rows) / matches > RUM_WALK_MAX;
};
const RUM_MULTI_FROM = 40_000;
/** Rows of the date index past which a walk for the newest matches costs more than the RUM index. */
const RUM_WALK_MAX = 30_000;

/**
 * Matches kept by the filters past which a page in a price order that would sort them is read through
 * the RUM index instead ('tort' by price at 1M: ~22k matches sorted in 200 ms); not a seller's own page
 * (their few rows are sorted at once).
 */
const RUM_FROM = 2000;
export const priceRumWorth = (
  text: TextQuery,
  df: Record<string, number>,
  p: Pick<SearchParams, keyof typeof FILTER_SHARE>,
): boolean => !p.owner && rarest(text, df) * shareOf(p) >= RUM_FROM;

/**
 * True when `text` surely has `limit` matches or more, from search_df alone: one group (no `not`) with a
 * phrase held by that many rows (each of them matches).
 */
export const surelyMore = (text: TextQuery, df: Record<string, number>, limit: number): boolean =>
  text.groups.length === 1 &&
  text.not.length === 0 &&
  text.groups[0]!.some((ph) => (df[dfKey(ph)] ?? 0) >= limit);
