import type { Keyed } from './search-sql.ts';
import type { RumUse } from './search-tuning.ts';

/**
 * Broad words in an order through the RUM indexes of migrations-pg-extra/0004_search_rum.sql (issue 20):
 * each keeps, beside every word's rows, a number in the order's sense — `k_new` (created_at in ms),
 * `k_pdesc` / `k_pasc` (price · 2^33 + the second of created_at, that second reversed for ascending
 * prices) — and returns the matches ordered by it, reading only the rows returned. A GIN index gave the
 * matches in no order: the newest 5,000 of 'reparatii' or its 25 most expensive meant reading all 50,000.
 *
 * A key is the order's exact key only to the millisecond (k_new) or the second (prices); rows that share
 * one come back in any order. So `margin` more rows than needed are read, sorted exactly, and the answer
 * is kept only when the last row needed has a key above the farthest row read: then every row that could
 * precede it was read. Otherwise (more than `margin` rows sharing one key at the edge) the search takes
 * its other way (`ambiguous`).
 */

/** Keys are below 2^53, exact as the float8 distances RUM orders by. */
const TOP = '9007199254740991::bigint';
/** 2^33: room for the seconds of created_at below a price. */
const PRICE_UNIT = 8589934592;

/** The order a RUM index gives: its column, the operator and the starting point ($-parameter or literal). */
type RumOrder = { key: 'k_new' | 'k_pdesc' | 'k_pasc'; from: string };

/**
 * `ORDER BY` for a RUM order: nearest `from` on the order's side first (RUM's `<=|` and `|=>`). `|=>`
 * leaves out a key equal to its point (`<=|` keeps it): it starts one below.
 */
export const rumOrderBy = (o: RumOrder) =>
  o.key === 'k_pasc' ? `d.k_pasc |=> (${o.from} - 1)` : `d.${o.key} <=| ${o.from}`;

/** The newest matches first: relevance's candidates. */
export const NEWEST_RUM: RumOrder = { key: 'k_new', from: TOP };

/**
 * A price order from the start or from a cursor (`v` binds a value): the key of the cursor's row, so that
 * the rows after it come first (those before it are farther than any, and filtered out by the segments).
 */
export function priceRum(dir: 'asc' | 'desc', c: Keyed | null, v: (x: unknown) => string): RumOrder {
  const key = dir === 'asc' ? 'k_pasc' : 'k_pdesc';
  if (!c) return { key, from: dir === 'asc' ? '0::bigint' : TOP };
  const k = c as { p: number; c: string };
  const second = `(hobbiz_ms(${v(k.c)}::text) / 1000)`;
  const within = dir === 'asc' ? `(${PRICE_UNIT - 1} - ${second})` : second;
  return { key, from: `(${v(k.p)}::bigint * ${PRICE_UNIT} + ${within})` };
}

/**
 * True when `rows` (read in key order, at most `read`, exactly sorted) cannot be trusted for their first
 * `need`: all `read` came back and the `need`-th shares its key with the farthest read (more rows with
 * that key may follow).
 */
export function ambiguous(rows: { k: string | number }[], need: number, read: number, asc: boolean): boolean {
  if (rows.length < read || need <= 0 || rows.length < need) return false;
  const keys = rows.map((r) => Number(r.k));
  const farthest = asc ? Math.max(...keys) : Math.min(...keys);
  return keys[need - 1] === farthest;
}

/**
 * The priced rows of a page in a price order through its RUM index: `conds` (filters and words), the
 * priced ranges after the cursor (`ranges`, search-pg-sql.ts's segments), `read` rows nearest the start,
 * each with its key `k`.
 */
export function rumPageSql(conds: string[], ranges: string[], o: RumOrder, read: number): string {
  const where = [...conds, 'd.price IS NOT NULL', `(${ranges.map((r) => `(${r})`).join(' OR ')})`];
  return `SELECT d.id, d.created_at, d.price, d.title_key, d.${o.key} AS k FROM search_docs d
    WHERE ${where.join(' AND ')} ORDER BY ${rumOrderBy(o)} LIMIT ${read}`;
}

/** RUM for broad words, reading 64 rows past those needed. */
export const RUM_USE: RumUse = { use: 'auto', margin: 64 };
const RUM_INDEXES = ['search_docs_rum_new', 'search_docs_rum_pdesc', 'search_docs_rum_pasc'];

/**
 * Whether the three RUM indexes are there (the extension may be missing on a managed PostgreSQL), asked
 * once; `forget()` after a rebuild (which drops and makes them again).
 */
export function rumIndexesThere(
  query: <T>(text: string, values: unknown[]) => Promise<T[]>,
  rum: RumUse,
): (() => Promise<boolean>) & { forget(): void } {
  let there: Promise<boolean> | null = null;
  const ask = () => {
    if (rum.use === 'never') return Promise.resolve(false);
    there ??= query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM pg_indexes WHERE tablename = 'search_docs' AND indexname = ANY($1)`,
      [RUM_INDEXES],
    ).then(
      ([r]) => r!.n === RUM_INDEXES.length,
      () => false,
    );
    return there;
  };
  return Object.assign(ask, {
    forget: () => {
      there = null;
    },
  });
}
