import { COUNTRY_WIDE } from '../../../schema/constants.ts';
import type { PriceFilter, SearchParams } from '../../../schema/search.ts';
import type { Keyed, Sorted } from './search-sql.ts';

/**
 * The SQL of the PostgreSQL search (issue 13), over the tables of migrations-pg-extra/0001_search.sql:
 * `search_docs d` (public announcements: filters, sort keys, size), `search_postings` (word → rows, with
 * the weighted count BM25 needs), `search_stats`. The same rules as search-sql.ts (SQLite): filters,
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

/** A word of the query or a topic's term: whole, or the beginning of a word. */
export type Phrase = { term: string; prefix: boolean };

/** Words are letters and digits: none is U+10FFFF, so `p ≤ term < p + U+10FFFF` is "starts with p". */
const PREFIX_END = '\u{10FFFF}';

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

/** The postings of a phrase: (id, f), f summed over the words a prefix covers. */
function postings(ph: Phrase, q: Params, cols = 'id, f'): string {
  if (!ph.prefix) return `SELECT ${cols} FROM search_postings WHERE term = ${q.v(ph.term)}`;
  const range = `term >= ${q.v(ph.term)} AND term < ${q.v(ph.term + PREFIX_END)}`;
  return cols === 'id'
    ? `SELECT id FROM search_postings WHERE ${range}`
    : `SELECT id, sum(f)::integer AS f FROM search_postings WHERE ${range} GROUP BY id`;
}

/**
 * Membership of `d` in the matches, as conditions the planner can turn into semi-joins: every word
 * (matchesSearch), and one of the topic's terms (matchesTopic).
 */
export function matchSql(words: Phrase[], topic: Phrase[], q: Params): string[] {
  const out = words.map((ph) => `d.id IN (${postings(ph, q, 'id')})`);
  if (topic.length > 0) out.push(`d.id IN (${topic.map((ph) => postings(ph, q, 'id')).join(' UNION ALL ')})`);
  return out;
}

const num = (x: number) => `${x}::float8`;

/**
 * The matches with their BM25 score as FTS5's bm25(announcements_fts, 10, 1, 0) gives it (fts5_aux.c):
 * for each phrase i, IDF = ln((N − hits + 0.5) / (hits + 0.5)) (1e-6 when not positive), f = 10 × in
 * the title + 1 × in the description, D = the row's tokens, and
 * score = −Σ IDF·(f·(k1+1)) / (f + k1·(1 − b + b·D/avgdl)), k1 = 1.2, b = 0.75, summed in phrase order
 * with the same operations, so equal inputs give the same double. Ties newest first. Yields
 * (id, created_at, price, title_key, s, total) for the first `limit` rows; total counts every match.
 */
export function scoredSql(words: Phrase[], topic: Phrase[], filters: string[], limit: number, q: Params) {
  const all = [...words, ...topic];
  const ctes = all.map((ph, i) => `p${i} AS (${postings(ph, q)})`);
  const topicIdx = topic.map((_, j) => words.length + j);
  const leftJoin = (i: number, on: string) => ` LEFT JOIN p${i} ON p${i}.id = ${on}`;
  const from =
    words.length > 0
      ? `p0${words
          .slice(1)
          .map((_, j) => ` JOIN p${j + 1} ON p${j + 1}.id = p0.id`)
          .join('')}${topicIdx.map((i) => leftJoin(i, 'p0.id')).join('')}` +
        (topic.length > 0 ? ` WHERE (${topicIdx.map((i) => `p${i}.id IS NOT NULL`).join(' OR ')})` : '')
      : `(${topicIdx.map((i) => `SELECT id FROM p${i}`).join(' UNION ')}) b${topicIdx.map((i) => leftJoin(i, 'b.id')).join('')}`;
  const id = words.length > 0 ? 'p0.id' : 'b.id';
  const fCols = all.map((_, i) => `coalesce(p${i}.f, 0)::float8 AS f${i}`).join(', ');
  const idf = (i: number) =>
    `CASE WHEN ln(((st.n - h.h${i}) + ${num(0.5)}) / (h.h${i} + ${num(0.5)})) <= 0 THEN ${num(1e-6)} ` +
    `ELSE ln(((st.n - h.h${i}) + ${num(0.5)}) / (h.h${i} + ${num(0.5)})) END`;
  const norm = `(${num(1.2)} * ((${num(1)} - ${num(0.75)}) + ${num(0.75)} * d.size::float8 / st.avgdl))`;
  const terms = all.map(
    (_, i) => ` + (${idf(i)}) * ((m.f${i} * (${num(1.2)} + ${num(1)})) / (m.f${i} + ${norm}))`,
  );
  const where = filters.length > 0 ? `WHERE ${filters.join(' AND ')}` : '';
  return `WITH ${ctes.join(', ')},
  st AS (SELECT rows AS n, tokens::float8 / nullif(rows, 0)::float8 AS avgdl FROM search_stats),
  h AS (SELECT ${all.map((_, i) => `(SELECT count(*) FROM p${i}) AS h${i}`).join(', ')}),
  m AS (SELECT ${id} AS id, ${fCols} FROM ${from})
SELECT d.id, d.created_at, d.price, d.title_key, ${num(-1)} * (${num(0)}${terms.join('')}) AS s,
  count(*) OVER () AS total
FROM m JOIN search_docs d ON d.id = m.id CROSS JOIN st CROSS JOIN h ${where}
ORDER BY s, d.created_at DESC, d.id DESC LIMIT ${limit}`;
}

/** One ordered range of an order: the condition and the ORDER BY an index of search_docs gives. */
type Segment = { where: string; orderBy: string };

const NEWEST = 'd.created_at DESC, d.id DESC';

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
      const unpriced = { where: 'd.price IS NULL', orderBy: NEWEST };
      if (!c) return [{ where: 'd.price IS NOT NULL', orderBy: byPrice }, unpriced];
      const k = c as { p: number | null; c: string; i: string };
      if (k.p === null) return [{ where: `d.price IS NULL AND ${before(k)}`, orderBy: NEWEST }];
      const p = q.v(k.p);
      return [
        { where: `d.price = ${p} AND ${before(k)}`, orderBy: NEWEST },
        { where: `d.price ${dir === 'ASC' ? '>' : '<'} ${p}`, orderBy: byPrice },
        unpriced,
      ];
    }
  }
}

/** Up to n rows after the cursor in each range (the caller merges them in order and keeps n). */
export function pageSql(conds: string[], segs: Segment[], n: number): string {
  return segs
    .map(
      (s) =>
        `(SELECT d.id, d.created_at, d.price, d.title_key FROM search_docs d WHERE ${[...conds, s.where].join(' AND ')} ORDER BY ${s.orderBy} LIMIT ${n})`,
    )
    .join(' UNION ALL ');
}

/** How many rows meet `conds`, counting no further than `cap`. */
export function cappedSql(conds: string[], cap: number): string {
  const where = conds.length > 0 ? `WHERE ${conds.join(' AND ')}` : '';
  return `SELECT count(*)::integer AS n FROM (SELECT 1 FROM search_docs d ${where} LIMIT ${cap}) x`;
}
