import { type SQL, sql } from 'drizzle-orm';
import { COUNTRY_WIDE } from '../../../schema/constants.ts';
import type { PriceFilter, SearchParams, SearchSort } from '../../../schema/search.ts';
import type { SearchCursor } from '../../../schema/search-params.ts';
import type { Phrase, TextQuery } from '../../../schema/text.ts';

/**
 * The SQL of the server search (issue 11), without any plan choice: conditions for the filters, the
 * full-text expressions (words, facet terms), each order as ORDER BY / cursor condition / index
 * segments, and the same orders on fetched rows. search.ts decides which of these to run.
 */

export type Cond = { sql: string; args: unknown[] };
export const cond = (sql: string, ...args: unknown[]): Cond => ({ sql, args });
/** A condition as drizzle SQL: its `?` marks become bound parameters (no literal in it holds a `?`). */
export const toSql = (c: Cond): SQL => {
  const parts = c.sql.split('?');
  if (parts.length !== c.args.length + 1) throw new Error('search SQL: parameter count mismatch');
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    chunks.push(sql.raw(part));
    if (i < c.args.length) chunks.push(sql`${c.args[i]}`);
  });
  return sql.join(chunks);
};
export const and = (conds: Cond[]): Cond => ({
  sql: conds.length === 0 ? '1' : conds.map((c) => `(${c.sql})`).join(' AND '),
  args: conds.flatMap((c) => c.args),
});

export const BM25 = 'bm25(announcements_fts, 10.0, 1.0, 0.0)';
export const PUB = (t: string) => `${t}.deleted = 0 AND ${t}.active = 1`;
/** A set of rowids passed as one JSON array parameter. */
export const JSON_SET = '(SELECT value FROM json_each(?))';
export const SCORED = `SELECT f.rowid AS r, ${BM25} AS s FROM announcements_fts f WHERE f.announcements_fts MATCH ?`;
export const MATCHES = 'SELECT rowid AS r FROM announcements_fts WHERE announcements_fts MATCH ?';
/** The columns a page's rows are chosen and ordered by (the page itself is then loaded by id). */
export const COLS = 'a.rowid AS r, a.id, a.created_at, a.price, a.title_key';

export const BANDS: Record<PriceFilter, (t: string) => string> = {
  free: (t) => `${t}.price = 0`,
  under50: (t) => `${t}.price > 0 AND ${t}.price <= 50`,
  under100: (t) => `${t}.price > 50 AND ${t}.price <= 100`,
  over100: (t) => `${t}.price > 100`,
};

/**
 * The filters as SQL on table alias `t`. A county also shows country-wide announcements; a locality
 * also shows its county's announcements without a locality (matchesPlace).
 */
export function filterConds(p: SearchParams, t: string): Cond[] {
  const out: Cond[] = [];
  if (p.category) out.push(cond(`${t}.category = ?`, p.category));
  if (p.judet) {
    out.push(cond(`${t}.location IN (?, ?)`, p.judet, COUNTRY_WIDE));
    if (p.localitate)
      out.push(cond(`${t}.location = ? OR ${t}.localitate IN (?, '')`, COUNTRY_WIDE, p.localitate));
  }
  if (p.pret) out.push(cond(BANDS[p.pret](t)));
  if (p.owner) out.push(cond(`${t}.owner_id = ?`, p.owner));
  return out;
}

/** The index that finds the filtered rows (E) by equality: seller, category (+ place), place, price. */
export function filterIndex(p: SearchParams): string {
  if (p.owner) return 'announcements_owner';
  if (p.category) return 'announcements_pub_cat_place';
  if (p.judet) return 'announcements_pub_place';
  if (p.pret) return 'announcements_pub_price_asc';
  return 'announcements_pub_recent';
}

export type Row = { r: number; id: string; created_at: string; price: number | null; title_key: string };
export type Sorted = Exclude<SearchSort, 'relevance'>;
export type Keyed = Exclude<SearchCursor, { s: 'relevance' }>;

/** One ordered range of a walk: its condition and its ORDER BY (which the walked index provides). */
export type Segment = { where: Cond; orderBy: string };

const NEWEST = 'a.created_at DESC, a.id DESC';
const before = (c: { c: string; i: string }) => cond('(a.created_at, a.id) < (?, ?)', c.c, c.i);

export type SortSql = {
  /** The full ORDER BY, for sets sorted whole. */
  orderBy: string;
  /** Rows after the cursor. */
  after(c: Keyed): Cond;
  /** The same order split into ranges each of which the walked index yields in order. */
  segments(c: Keyed | null): Segment[];
  /** The walked index, `announcements_pub_[cat_]<index>`. */
  index: string;
  /** The columns a walk reads from the index itself: rowid and this order's keys. */
  covered: string;
  cursor(r: Row): Keyed;
};

/** Each order as SQL (compareAnnouncements, with the stored title key). */
export const SORTS: Record<Sorted, SortSql> = {
  recent: {
    orderBy: NEWEST,
    after: (c) => before(c as { c: string; i: string }),
    segments: (c) => [{ where: c ? before(c as { c: string; i: string }) : cond('1'), orderBy: NEWEST }],
    index: 'recent',
    covered: 'a.rowid AS r, a.created_at, a.id',
    cursor: (r) => ({ s: 'recent', c: r.created_at, i: r.id }),
  },
  'price-asc': priceSort('asc'),
  'price-desc': priceSort('desc'),
  title: {
    orderBy: `a.title_key ASC, ${NEWEST}`,
    after: (c) => {
      const k = c as { t: string; c: string; i: string };
      return cond(
        'a.title_key > ? OR (a.title_key = ? AND (a.created_at, a.id) < (?, ?))',
        k.t,
        k.t,
        k.c,
        k.i,
      );
    },
    segments: (c) => {
      if (!c) return [{ where: cond('1'), orderBy: `a.title_key ASC, ${NEWEST}` }];
      const k = c as { t: string; c: string; i: string };
      return [
        { where: and([cond('a.title_key = ?', k.t), before(k)]), orderBy: NEWEST },
        { where: cond('a.title_key > ?', k.t), orderBy: `a.title_key ASC, ${NEWEST}` },
      ];
    },
    index: 'title',
    covered: 'a.rowid AS r, a.title_key, a.created_at, a.id',
    cursor: (r) => ({ s: 'title', t: r.title_key, c: r.created_at, i: r.id }),
  },
};

/** Priced announcements by price (ties newest first), then the unpriced ones, newest first. */
function priceSort(dir: 'asc' | 'desc'): SortSql {
  const s = dir === 'asc' ? 'price-asc' : 'price-desc';
  const beyond = dir === 'asc' ? '>' : '<';
  const byPrice = `a.price ${dir.toUpperCase()}, ${NEWEST}`;
  const unpriced = { where: cond('a.price IS NULL'), orderBy: NEWEST };
  return {
    orderBy: `a.price IS NULL, ${byPrice}`,
    after: (c: Keyed): Cond => {
      const k = c as { p: number | null; c: string; i: string };
      if (k.p === null) return and([cond('a.price IS NULL'), before(k)]);
      return cond(
        `a.price IS NULL OR a.price ${beyond} ? OR (a.price = ? AND (a.created_at, a.id) < (?, ?))`,
        k.p,
        k.p,
        k.c,
        k.i,
      );
    },
    segments: (c: Keyed | null): Segment[] => {
      if (!c) return [{ where: cond('a.price IS NOT NULL'), orderBy: byPrice }, unpriced];
      const k = c as { p: number | null; c: string; i: string };
      if (k.p === null) return [{ where: and([cond('a.price IS NULL'), before(k)]), orderBy: NEWEST }];
      return [
        { where: and([cond('a.price = ?', k.p), before(k)]), orderBy: NEWEST },
        { where: cond(`a.price ${beyond} ?`, k.p), orderBy: byPrice },
        unpriced,
      ];
    },
    index: dir === 'asc' ? 'price_asc' : 'price_desc',
    covered: 'a.rowid AS r, a.price, a.created_at, a.id',
    cursor: (r: Row): Keyed => ({ s, p: r.price, c: r.created_at, i: r.id }) as Keyed,
  };
}

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

const quote = (w: string) => `"${w.replaceAll('"', '""')}"`;

const phrase = (p: Phrase) => (p.prefix ? `${quote(p.term)}*` : quote(p.term));
const anyOf = (g: Phrase[]) => `(${g.map(phrase).join(' OR ')})`;

/**
 * A text query (schema/text.ts) as an FTS5 expression over the analysed title and description: every
 * group (one of its phrases), none of `not` — the rule of matchesQuery. Phrases appear in the order of
 * phrasesOf, the order BM25 sums them (PostgreSQL's search sums them in the same order).
 */
export const textQuery = (t: TextQuery) => {
  const all = t.groups.map(anyOf).join(' AND ');
  const not = t.not.length > 0 ? ` NOT ${anyOf(t.not)}` : '';
  return `{title description} : ((${all})${not})`;
};

/** One group of phrases (any of them) as an FTS5 expression over the analysed title and description. */
export const groupQuery = (g: Phrase[]) => `{title description} : ${anyOf(g)}`;

/**
 * The filters as terms of the `facets` column (migration 0009 writes them: hex of each value, one token
 * each), the same rule as filterConds: all of them required.
 */
function facetTermsOf(p: SearchParams): string[] {
  const terms: string[] = [];
  if (p.category) terms.push(`"xc${hex(p.category)}"`);
  if (p.judet) {
    const countryWide = `"xj${hex(COUNTRY_WIDE)}"`;
    terms.push(
      p.localitate
        ? `(${countryWide} OR "xl${hex(p.judet)}x${hex(p.localitate)}" OR "xl${hex(p.judet)}x")`
        : `("xj${hex(p.judet)}" OR ${countryWide})`,
    );
  }
  if (p.pret) terms.push(`"xp${p.pret}"`);
  if (p.owner) terms.push(`"xo${hex(p.owner)}"`);
  return terms;
}

/** Each filter as its own FTS5 expression over the `facets` column. */
export const facetTerms = (p: SearchParams): string[] => facetTermsOf(p).map((t) => `{facets} : ${t}`);

/** The filters as one FTS5 expression over the `facets` column (null: no filter). */
export function facetQuery(p: SearchParams): string | null {
  const terms = facetTermsOf(p);
  return terms.length === 0 ? null : `{facets} : (${terms.join(' AND ')})`;
}

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
export const newest = (a: Pick<Row, 'created_at' | 'id'>, b: Pick<Row, 'created_at' | 'id'>) =>
  cmp(b.created_at, a.created_at) || cmp(b.id, a.id);
const byPrice = (dir: 1 | -1) => (a: Row, b: Row) =>
  a.price === null || b.price === null
    ? a.price === b.price
      ? newest(a, b)
      : a.price === null
        ? 1
        : -1
    : (a.price - b.price) * dir || newest(a, b);
/** The SQL orders on fetched rows (compareAnnouncements, with the stored title key). */
export const ROW_ORDER: Record<Sorted, (a: Row, b: Row) => number> = {
  recent: newest,
  'price-asc': byPrice(1),
  'price-desc': byPrice(-1),
  title: (a, b) => cmp(a.title_key, b.title_key) || newest(a, b),
};

/**
 * The scoring statement of relevance over the given matches only (rowids ascending: the newest
 * SCORE_CAP), FTS5 reading its lists from the smallest of them on.
 */
export function amongNewest(text: string, newest: number[]): Cond {
  const edge = newest.length > 0 ? ` AND f.rowid >= ${Number(newest[0])}` : '';
  return cond(`${SCORED}${edge} AND +f.rowid IN ${JSON_SET}`, text, JSON.stringify(newest));
}
