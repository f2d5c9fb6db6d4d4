import { COUNTRY_WIDE } from '../../../schema/constants.ts';
import type { PriceFilter, SearchParams } from '../../../schema/search.ts';
import { type Phrase, phrasesOf, type TextQuery } from '../../../schema/text.ts';
import { dfKey, groupRows } from './search-pg-plan.ts';
import { NEWEST_RUM, rumOrderBy } from './search-pg-rum.ts';
import type { Keyed, Sorted } from './search-sql.ts';

/**
 * The SQL of the PostgreSQL search (issue 13), over the tables of migrations-pg-extra/0001_search.sql:
 * `search_docs d` (public announcements: filters, sort keys, words with the weighted counts BM25 needs,
 * size), `search_stats`. The same rules as search-sql.ts (SQLite): filters,
 * the five orders and their cursors, and FTS5's bm25(10, 1) computed the way FTS5 computes it, so both
 * engines rank alike. Columns are COLLATE "C": comparisons are byte order, as SQLite's BINARY.
 */

/** Numbered parameters ($1, $2…) collected while a statement is written. */
export class Params {
  readonly values: unknown[] = [];
  v(x: unknown): string {
    this.values.push(x);
    return `$${this.values.length}`;
  }
}

export type { Phrase } from '../../../schema/text.ts';

const BANDS: Record<PriceFilter, string> = {
  free: 'd.price = 0',
  under50: 'd.price > 0 AND d.price <= 50',
  under100: 'd.price > 50 AND d.price <= 100',
  over100: 'd.price > 100',
};

/** The filters on `d` (matchesPlace: a county shows country-wide offers, a locality its county's own). */
export function filterSql(p: SearchParams, q: Params): string[] {
  const out: string[] = [];
  if (p.category) out.push(`d.category = ${q.v(p.category)}`);
  if (p.judet) {
    out.push(`d.location IN (${q.v(p.judet)}, ${q.v(COUNTRY_WIDE)})`);
    if (p.localitate)
      out.push(`(d.location = ${q.v(COUNTRY_WIDE)} OR d.localitate IN (${q.v(p.localitate)}, ''))`);
  }
  if (p.pret) out.push(BANDS[p.pret]);
  if (p.owner) out.push(`d.owner_id = ${q.v(p.owner)}`);
  return out;
}

/** A phrase as a tsquery operand: words are letters and digits, so quoting needs no escapes. */
const operand = (ph: Phrase) => `'${ph.term}'${ph.prefix ? ':*' : ''}`;

/**
 * The rows holding a tsquery, through the GIN index of search_docs, which is on `strip(doc)` (the same
 * words: `doc` has no positions) so that only a RUM scan (`rum`, ordered) names the RUM indexes on `doc`:
 * the planner chose them for plain matches too, ten times slower than GIN ('sedint' 227 / 8 ms at 1M).
 */
const holds = (tsquery: string, q: Params, rum = false) =>
  `${rum ? 'd.doc' : 'strip(d.doc)'} @@ ${q.v(tsquery)}::tsquery`;

const anyOf = (g: Phrase[]) => `(${g.map(operand).join(' | ')})`;

/** A text query as a tsquery: every group, none of `not`; null without groups. */
function tsqueryOf(t: TextQuery): string | null {
  const parts = t.groups.map(anyOf);
  if (parts.length === 0) return null;
  if (t.not.length > 0) parts.push(`!${anyOf(t.not)}`);
  return parts.join(' & ');
}

/** The matches of a text query (schema/text.ts's matchesQuery): every group, none of `not`. */
export function matchSql(t: TextQuery, q: Params): string[] {
  const tsquery = tsqueryOf(t);
  return tsquery === null ? [] : [holds(tsquery, q)];
}

/**
 * The same matches for an ordered RUM index scan, which reads every row of each word it is given: only
 * the rarest group (by `df`, search_df's row counts) is the index's condition, the whole query is
 * checked on the rows it returns (`ts_match_vq` is `@@` as a function: not an index condition).
 * 'sedinta foto' at 1M: the 77k rows of 'sedinta' rather than those and the 227k of 'foto*'.
 */
export function rumMatchSql(t: TextQuery, q: Params, df: Record<string, number>): string[] {
  const tsquery = tsqueryOf(t);
  if (tsquery === null) return [];
  if (t.groups.length === 1 && t.not.length === 0) return [holds(tsquery, q, true)];
  const rarest = t.groups.reduce((best, g) => (groupRows(g, df) < groupRows(best, df) ? g : best));
  return [holds(anyOf(rarest), q, true), `ts_match_vq(d.doc, ${q.v(tsquery)}::tsquery)`];
}

const num = (x: number) => `${x}::float8`;

/** Words are letters and digits: none holds U+10FFFF, so every word starting with p sorts below p + U+10FFFF. */
const PREFIX_END = '\u{10FFFF}';

/**
 * A phrase's f in row d: the sum of the weighted counts of the words it covers (the word itself, or every
 * word a prefix starts), a range of the sorted `terms` found by binary search (width_bucket: how many
 * terms are ≤ x), read off the running sums `cs`.
 */
function freq(ph: Phrase, q: Params): string {
  const p = q.v(ph.term);
  const wb = (x: string) => `width_bucket(${x}::text COLLATE "C", d.terms)`;
  const below = `(${wb(p)} - coalesce((d.terms[${wb(p)}] = ${p}::text)::integer, 0))`;
  const upTo = ph.prefix ? wb(q.v(ph.term + PREFIX_END)) : wb(p);
  return `(d.cs[${upTo} + 1] - d.cs[${below} + 1])::float8`;
}

/**
 * The matches with their BM25 score as FTS5's bm25(announcements_fts, 10, 1, 0) gives it (fts5_aux.c):
 * for each phrase i, IDF = ln((N − hits + 0.5) / (hits + 0.5)) (1e-6 when not positive), f = 10 × in
 * the title + 1 × in the description, D = the row's tokens, and
 * score = −Σ IDF·(f·(k1+1)) / (f + k1·(1 − b + b·D/avgdl)), k1 = 1.2, b = 0.75, summed in phrase order
 * with the same operations, so equal inputs give the same double. Only the newest `scoreCap` matches
 * (created_at, then id) are scored, as on SQLite (search.ts's SCORE_CAP); the statistics stay the whole
 * index's. Ties newest first. Yields (id, created_at, price, title_key, s) for the first `limit` rows.
 */
export function scoredSql(
  t: TextQuery,
  filters: string[],
  limit: number,
  scoreCap: number,
  q: Params,
  /**
   * 'sort': the matches found through the word index, then sorted (few matches); 'walk': the planner's;
   * a number: the newest first through the RUM index (search-pg-rum.ts), that many more read than scored
   * (the statement's rows then say whether the edge was `ambiguous`).
   */
  newest: 'sort' | 'walk' | number = 'walk',
  /** search_df's row counts of the phrases (the RUM index's condition: rumMatchSql). */
  df: Record<string, number> = {},
) {
  // The phrases of `not` are absent from every match: FTS5 adds 0 for each, left out here.
  const all = phrasesOf(t);
  const hits = all.map(
    (ph, i) => `coalesce((SELECT docs FROM search_df WHERE key = ${q.v(dfKey(ph))}), 0) AS h${i}`,
  );
  const idf = all.map((_, i) => {
    const x = `ln(((st.n - h.h${i}) + ${num(0.5)}) / (h.h${i} + ${num(0.5)}))`;
    return `CASE WHEN ${x} <= 0 THEN ${num(1e-6)} ELSE ${x} END AS i${i}`;
  });
  const fs = all.map((ph, i) => `${freq(ph, q)} AS f${i}`);
  const norm = `(${num(1.2)} * ((${num(1)} - ${num(0.75)}) + ${num(0.75)} * d.size::float8 / st.avgdl))`;
  const terms = all.map(
    (_, i) => ` + idf.i${i} * ((fx.f${i} * (${num(1.2)} + ${num(1)})) / (fx.f${i} + ${norm}))`,
  );
  const where = [...(typeof newest === 'number' ? rumMatchSql(t, q, df) : matchSql(t, q)), ...filters].join(
    ' AND ',
  );
  return `WITH st AS MATERIALIZED (
    SELECT rows AS n, tokens::float8 / nullif(rows, 0)::float8 AS avgdl FROM search_stats LIMIT 1),
  h AS MATERIALIZED (SELECT ${hits.join(', ')}),
  idf AS MATERIALIZED (SELECT ${idf.join(', ')} FROM st, h),
  ${matches(where, scoreCap, newest)}
SELECT x.*${typeof newest === 'number' ? ', amb.amb' : ''} FROM (
  SELECT d.id, d.created_at, d.price, d.title_key, ${num(-1)} * (${num(0)}${terms.join('')}) AS s
  FROM m d CROSS JOIN st CROSS JOIN idf CROSS JOIN LATERAL (SELECT ${fs.join(', ')} OFFSET 0) fx
) x${typeof newest === 'number' ? ' CROSS JOIN amb' : ''}
ORDER BY x.s, x.created_at DESC, x.id DESC LIMIT ${limit}`;
}

const MATCH_COLS = 'd.id, d.created_at, d.price, d.title_key, d.size, d.terms, d.cs, d.k_new';

/** The CTE `m` of scoredSql: the newest `cap` matches (and `amb` when read through the RUM index). */
function matches(where: string, cap: number, newest: 'sort' | 'walk' | number): string {
  if (typeof newest === 'number') {
    const read = cap + newest;
    return `r AS MATERIALIZED (
    SELECT ${MATCH_COLS} FROM search_docs d WHERE ${where} ORDER BY ${rumOrderBy(NEWEST_RUM)} LIMIT ${read}),
  m AS MATERIALIZED (SELECT * FROM r d ORDER BY ${NEWEST} LIMIT ${cap}),
  amb AS MATERIALIZED (SELECT (SELECT count(*) FROM r) = ${read}
    AND (SELECT min(k_new) FROM m) = (SELECT min(k_new) FROM r) AS amb)`;
  }
  // OFFSET 0 fences the matches off from the ORDER BY: no walk of the date index for them.
  const from =
    newest === 'sort'
      ? `(SELECT * FROM search_docs d WHERE ${where} OFFSET 0) d`
      : `search_docs d WHERE ${where}`;
  return `m AS MATERIALIZED (SELECT ${MATCH_COLS} FROM ${from} ORDER BY ${NEWEST} LIMIT ${cap})`;
}

/** One ordered range of an order: the condition and the ORDER BY an index of search_docs gives. */
export type Segment = { where: string; orderBy: string };

const NEWEST = 'd.created_at DESC, d.id DESC';

/** The unpriced rows of a price order, after all priced ones in either direction: newest first. */
export const UNPRICED: Segment = { where: 'd.price IS NULL', orderBy: NEWEST };

/** Each order as ranges after the cursor (compareAnnouncements with the stored title key). */
export function segments(sort: Sorted, c: Keyed | null, q: Params): Segment[] {
  const before = (k: { c: string; i: string }) => `(d.created_at, d.id) < (${q.v(k.c)}, ${q.v(k.i)})`;
  switch (sort) {
    case 'recent':
      return [{ where: c ? before(c as { c: string; i: string }) : 'true', orderBy: NEWEST }];
    case 'title': {
      if (!c) return [{ where: 'true', orderBy: `d.title_key, ${NEWEST}` }];
      const k = c as { t: string; c: string; i: string };
      const t = q.v(k.t);
      return [
        { where: `d.title_key = ${t} AND ${before(k)}`, orderBy: NEWEST },
        { where: `d.title_key > ${t}`, orderBy: `d.title_key, ${NEWEST}` },
      ];
    }
    default: {
      const dir = sort === 'price-asc' ? 'ASC' : 'DESC';
      const byPrice = `d.price ${dir} NULLS LAST, ${NEWEST}`;
      if (!c) return [{ where: 'd.price IS NOT NULL', orderBy: byPrice }, UNPRICED];
      const k = c as { p: number | null; c: string; i: string };
      if (k.p === null) return [{ where: `d.price IS NULL AND ${before(k)}`, orderBy: NEWEST }];
      const p = q.v(k.p);
      return [
        { where: `d.price = ${p} AND ${before(k)}`, orderBy: NEWEST },
        { where: `d.price ${dir === 'ASC' ? '>' : '<'} ${p}`, orderBy: byPrice },
        UNPRICED,
      ];
    }
  }
}

/**
 * How a page's rows are found: 'plan' (the planner's choice), 'sort' (the rows of the filters and words
 * first: OFFSET 0 keeps the planner from walking the order's index for them), or a walk of at most
 * `budget` entries of the order (the filters checked there), its rows then checked for the words.
 */
export type PageWay = 'plan' | 'sort' | { budget: number; filters: string[]; match: string[] };

/**
 * Up to n rows after the cursor in each range, `g` its index (the caller merges them in order and keeps
 * n).
 */
export function pageSql(conds: string[], segs: Segment[], n: number, way: PageWay = 'plan'): string {
  const cols = 'd.id, d.created_at, d.price, d.title_key';
  const all = (xs: string[]) => xs.join(' AND ') || 'true';
  const from = (s: Segment) =>
    way === 'plan'
      ? `search_docs d WHERE ${all([...conds, s.where])}`
      : way === 'sort'
        ? `(SELECT ${cols} FROM search_docs d WHERE ${all(conds)} OFFSET 0) d WHERE ${s.where}`
        : `(SELECT ${cols}, d.doc FROM search_docs d WHERE ${all([...way.filters, s.where])}
            ORDER BY ${s.orderBy} LIMIT ${way.budget}) d WHERE ${all(way.match)}`;
  return segs
    .map((s, g) => `(SELECT ${g} AS g, ${cols} FROM ${from(s)} ORDER BY ${s.orderBy} LIMIT ${n})`)
    .join(' UNION ALL ');
}

/** How many rows meet `conds`, counting no further than `cap`. */
export function cappedSql(conds: string[], cap: number): string {
  const where = conds.length > 0 ? `WHERE ${conds.join(' AND ')}` : '';
  return `SELECT count(*)::integer AS n FROM (SELECT 1 FROM search_docs d ${where} LIMIT ${cap}) x`;
}
