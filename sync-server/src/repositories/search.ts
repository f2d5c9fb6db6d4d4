import type { Statement } from 'better-sqlite3';
import { inArray } from 'drizzle-orm';
import { COUNTRY_WIDE } from '../../../schema/constants.ts';
import { type AnnouncementRow, announcements } from '../../../schema/db/tables.ts';
import {
  effectiveSort,
  type PriceFilter,
  SEARCH_PAGE,
  type SearchParams,
  type SearchSort,
  words,
} from '../../../schema/search.ts';
import { decodeCursor, encodeCursor, type SearchCursor } from '../../../schema/search-params.ts';
import type { Db } from '../plugins/db.ts';

/**
 * The server search (issue 11): full text over `announcements_fts` (public announcements only, see
 * migration 0009), the listing filters and the five orders, in cursor pages. The rule is the one of
 * schema/search.ts (matchesSearch, matchesPlace, matchesPriceFilter, compareAnnouncements): a property
 * test compares the two.
 *
 * How a page is found, so that it stays fast at a million announcements whatever the filters:
 * - the sizes of the two candidate sets are probed first, with capped counts that cost little: the
 *   full-text matches (F) and the rows of the filters (E, through an index on category/place/price);
 * - a small set is read whole and sorted (≤ a few thousand rows);
 * - otherwise an index already in the page's order is walked from the cursor on, filters checked inside
 *   the index, full-text membership checked against F built once by SQLite;
 * - relevance ranks by BM25 (title weighted 10, description 1), ties newest first: the top rows are
 *   taken by score alone (no row reads), then only those rows are read to break ties.
 * Every statement names its index (INDEXED BY) rather than leaving the choice to the planner, which has
 * no statistics about the full-text side.
 */

export type SearchResult = {
  rows: AnnouncementRow[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
};

/** Up to this many matches (words ∩ filters), they are read whole and sorted; above, an index is walked. */
const S_SMALL = 2000;
/**
 * Index entries a walk with words reads before giving up: the matches may cluster far down the order
 * ('meditatii' titles all start with M); then the matches are read whole and sorted instead.
 */
const WALK_BUDGET = 15_000;
/** A listing (no words) up to this many rows is sorted whole; above, its order's index is walked. */
const LIST_SORT_WHOLE = 200;
/** Below this many filtered rows (B-tree count), the words' matches are taken among them. */
const E_SMALL = 12_000;
/** Relevance pages are offsets; past this there is nothing to show (nobody reads 400 pages). */
export const RELEVANCE_MAX_OFFSET = 10_000;
/** Rows fetched past a relevance page, so that ties with its last row are usually among them. */
const TIE_SLACK = 64;

const BM25 = 'bm25(announcements_fts, 10.0, 1.0, 0.0)';
const PUB = (t: string) => `${t}.deleted = 0 AND ${t}.active = 1`;

type Cond = { sql: string; args: unknown[] };
const cond = (sql: string, ...args: unknown[]): Cond => ({ sql, args });
const and = (conds: Cond[]): Cond => ({
  sql: conds.length === 0 ? '1' : conds.map((c) => `(${c.sql})`).join(' AND '),
  args: conds.flatMap((c) => c.args),
});

const BANDS: Record<PriceFilter, (t: string) => string> = {
  free: (t) => `${t}.price = 0`,
  under50: (t) => `${t}.price > 0 AND ${t}.price <= 50`,
  under100: (t) => `${t}.price > 50 AND ${t}.price <= 100`,
  over100: (t) => `${t}.price > 100`,
};

/**
 * The filters as SQL on table alias `t`. A county also shows country-wide announcements; a locality
 * also shows its county's announcements without a locality (matchesPlace).
 */
function filterConds(p: SearchParams, t: string): Cond[] {
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
function filterIndex(p: SearchParams): string {
  if (p.owner) return 'announcements_owner';
  if (p.category) return 'announcements_pub_cat_place';
  if (p.judet) return 'announcements_pub_place';
  if (p.pret) return 'announcements_pub_price_asc';
  return 'announcements_pub_recent';
}

type Row = { r: number; id: string; created_at: string; price: number | null; title_key: string };
type Sorted = Exclude<SearchSort, 'relevance'>;
type Keyed = Exclude<SearchCursor, { s: 'relevance' }>;

/** One ordered range of a walk: its condition and its ORDER BY (which the walked index provides). */
type Segment = { where: Cond; orderBy: string };

const NEWEST = 'a.created_at DESC, a.id DESC';
const before = (c: { c: string; i: string }) => cond('(a.created_at, a.id) < (?, ?)', c.c, c.i);

/**
 * Each order as SQL: the full ORDER BY (for sets sorted whole), the "after the cursor" condition, the
 * same split into index-ordered segments (for walks), and the walked index.
 */
const SORTS: Record<
  Sorted,
  {
    orderBy: string;
    after(c: Keyed): Cond;
    segments(c: Keyed | null): Segment[];
    index: string;
    /** The columns a walk reads from the index itself: rowid and this order's keys. */
    covered: string;
    cursor(r: Row): Keyed;
  }
> = {
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
function priceSort(dir: 'asc' | 'desc') {
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
    cursor: (r: Row): Keyed => ({ s, p: r.price, c: r.created_at, i: r.id }),
  };
}

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

const quote = (w: string) => `"${w.replaceAll('"', '""')}"`;

/**
 * The words, in the title or the description: all whole, the last one also as a prefix; and with a
 * topic, any one of its terms (a term ending in '*' as a prefix) — matchesSearch and matchesTopic.
 */
const textQuery = (ws: string[], terms: readonly string[]) => {
  const parts: string[] = [];
  if (ws.length > 0)
    parts.push(`(${ws.map((w, i) => `${quote(w)}${i === ws.length - 1 ? '*' : ''}`).join(' ')})`);
  if (terms.length > 0)
    parts.push(
      `(${terms.map((t) => (t.endsWith('*') ? `${quote(t.slice(0, -1))}*` : quote(t))).join(' OR ')})`,
    );
  return `{title description} : (${parts.join(' AND ')})`;
};

/**
 * The filters as terms of the `facets` column (migration 0009 writes them: hex of each value, one token
 * each), the same rule as filterConds.
 */
function facetQuery(p: SearchParams): string | null {
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
  return terms.length === 0 ? null : `{facets} : (${terms.join(' AND ')})`;
}

/** A set of rowids passed as one JSON array parameter. */
const JSON_SET = '(SELECT value FROM json_each(?))';
const SCORED = `SELECT f.rowid AS r, ${BM25} AS s FROM announcements_fts f WHERE f.announcements_fts MATCH ?`;
const MATCHES = 'SELECT rowid FROM announcements_fts WHERE announcements_fts MATCH ?';

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const newest = (a: Row, b: Row) => cmp(b.created_at, a.created_at) || cmp(b.id, a.id);
const byPrice = (dir: 1 | -1) => (a: Row, b: Row) =>
  a.price === null || b.price === null
    ? a.price === b.price
      ? newest(a, b)
      : a.price === null
        ? 1
        : -1
    : (a.price - b.price) * dir || newest(a, b);
/** The SQL orders on fetched rows (compareAnnouncements, with the stored title key). */
const ROW_ORDER: Record<Sorted, (a: Row, b: Row) => number> = {
  recent: newest,
  'price-asc': byPrice(1),
  'price-desc': byPrice(-1),
  title: (a, b) => cmp(a.title_key, b.title_key) || newest(a, b),
};

/** Thresholds of the plan choice (tests lower them to run every plan on a small catalogue). */
export type SearchTuning = { small: number; walkBudget: number; filteredSmall: number };

export function searchRepository(
  db: Db,
  tuning: SearchTuning = { small: S_SMALL, walkBudget: WALK_BUDGET, filteredSmall: E_SMALL },
) {
  const { small, walkBudget, filteredSmall } = tuning;
  const sqlite = db.$client;
  const statements = new Map<string, Statement>();
  /** Statements differ by the filters present; each shape is prepared once. */
  const stmt = (sql: string): Statement => {
    let s = statements.get(sql);
    if (!s) {
      if (statements.size > 500) statements.clear();
      s = sqlite.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };
  const all = <T>(c: Cond) => stmt(c.sql).all(...c.args) as T[];
  const capped = (inner: Cond, cap: number): number =>
    stmt(`SELECT count(*) FROM (${inner.sql} LIMIT ${cap})`)
      .pluck()
      .get(...inner.args) as number;

  const COLS = 'a.rowid AS r, a.id, a.created_at, a.price, a.title_key';

  /** A set sorted whole: `from` yields rows of alias `a`, `where` limits them. */
  function sortWhole(from: string, where: Cond, sort: Sorted, cursor: Keyed | null, n: number): Row[] {
    const w = and([where, ...(cursor ? [SORTS[sort].after(cursor)] : [])]);
    return all<Row>(
      cond(
        `SELECT ${COLS} FROM ${from} WHERE ${w.sql} ORDER BY ${SORTS[sort].orderBy} LIMIT ${n}`,
        ...w.args,
      ),
    );
  }

  /**
   * Walks the index of the page's order (after the category when there is one), segment by segment,
   * until n rows pass the filters (checked inside the index) and, with words, belong to the matches
   * (`IN (…)`: SQLite builds that set once per statement). With words, each segment reads at most
   * walkBudget entries; null when that was not enough (the caller sorts the matches whole instead).
   */
  function walk(
    p: SearchParams,
    matches: Cond | null,
    sort: Sorted,
    cursor: Keyed | null,
    n: number,
  ): Row[] | null {
    const spec = SORTS[sort];
    const index = `announcements_pub_${p.category ? 'cat_' : ''}${spec.index}`;
    const out: Row[] = [];
    for (const seg of spec.segments(cursor)) {
      const want = n - out.length;
      if (want <= 0) break;
      const w = and([cond(PUB('a')), ...filterConds(p, 'a'), seg.where]);
      const range = `FROM announcements a INDEXED BY ${index} WHERE ${w.sql} ORDER BY ${seg.orderBy}`;
      if (matches === null) {
        out.push(...all<Row>(cond(`SELECT ${COLS} ${range} LIMIT ${want}`, ...w.args)));
        continue;
      }
      // The inner query bounds the entries read and takes only what the index holds (reading rows for the
      // other columns would cost more than the walk); SQLite runs it as a co-routine, stopping once `want`
      // rows passed (their order is restored below).
      const rows = all<Row>(
        cond(
          `SELECT * FROM (SELECT ${spec.covered} ${range} LIMIT ${walkBudget}) WHERE r IN (${matches.sql}) LIMIT ${want}`,
          ...w.args,
          ...matches.args,
        ),
      );
      out.push(...rows.sort(ROW_ORDER[sort]));
      if (rows.length < want && capped(cond(`SELECT 1 ${range}`, ...w.args), walkBudget) === walkBudget)
        return null;
    }
    return out;
  }

  /**
   * Relevance: the best rows by score alone (the index answers without reading rows), a few more than the
   * page so that rows tying with its last one are among them (else every row of that score is fetched);
   * only those are read, to break ties newest first. `scored` yields (r, s).
   */
  function byRelevance(scored: Cond, offset: number, n: number): Row[] {
    const need = offset + n;
    const top = all<{ r: number; s: number }>(
      cond(`${scored.sql} ORDER BY s LIMIT ${need + TIE_SLACK}`, ...scored.args),
    );
    let chosen = top.slice(0, need);
    const edge = chosen[chosen.length - 1]?.s;
    if (edge !== undefined) {
      chosen = top.filter((x) => x.s <= edge);
      if (chosen.length === top.length && top.length === need + TIE_SLACK) {
        // More rows tie with the page's last one than were fetched: take them all.
        const tied = all<{ r: number; s: number }>(
          cond(`SELECT r, s FROM (${scored.sql}) WHERE s = ?`, ...scored.args, edge),
        );
        chosen = [...top.filter((x) => x.s < edge), ...tied];
      }
    }
    const score = new Map(chosen.map((x) => [x.r, x.s]));
    const rows: Row[] = [];
    const rowids = [...score.keys()];
    for (let i = 0; i < rowids.length; i += 500) {
      const chunk = rowids.slice(i, i + 500);
      const marks = chunk.map(() => '?').join(',');
      rows.push(
        ...all<Row>(cond(`SELECT ${COLS} FROM announcements a WHERE a.rowid IN (${marks})`, ...chunk)),
      );
    }
    const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    rows.sort(
      (a, b) => score.get(a.r)! - score.get(b.r)! || cmp(b.created_at, a.created_at) || cmp(b.id, a.id),
    );
    return rows.slice(offset, offset + n);
  }

  /** The page's rows as drizzle reads them, in page order. */
  function load(page: Row[]): AnnouncementRow[] {
    if (page.length === 0) return [];
    const ids = page.map((r) => r.id);
    const byId = new Map(
      db
        .select()
        .from(announcements)
        .where(inArray(announcements.id, ids))
        .all()
        .map((r) => [r.id, r]),
    );
    return ids.map((id) => byId.get(id)).filter((r): r is AnnouncementRow => r !== undefined);
  }

  return {
    /**
     * One page of public announcements for `params` (checked by parseSearchParams; a cursor that is not
     * ours, or not of this order, throws). `total` is exact up to SEARCH_PAGE.countCap, then `totalCapped`.
     */
    search(params: SearchParams): SearchResult {
      const terms = params.terms ?? [];
      const sort = effectiveSort(params.q, params.sort, terms.length > 0);
      const limit = Math.min(Math.max(1, params.limit ?? SEARCH_PAGE.size), SEARCH_PAGE.max);
      const cursor = params.cursor === undefined ? null : decodeCursor(params.cursor);
      if (params.cursor !== undefined && cursor?.s !== sort) throw new Error('invalid search cursor');
      const ws = words(params.q ?? '');
      const cap = SEARCH_PAGE.countCap;
      const n = limit + 1;
      const result = (page: Row[], total: number, next: (last: Row) => SearchCursor) => {
        const shown = page.slice(0, limit);
        return {
          rows: load(shown),
          nextCursor: page.length > limit ? encodeCursor(next(shown[shown.length - 1]!)) : null,
          total: Math.min(total, cap),
          totalCapped: total > cap,
        };
      };

      if (ws.length === 0 && terms.length === 0) {
        // A listing: counted through the filters' index; a small set is sorted whole, else walked.
        const sorted = sort as Sorted;
        const keyed = cursor as Keyed | null;
        const where = and([cond(PUB('a')), ...filterConds(params, 'a')]);
        const from = `announcements a INDEXED BY ${filterIndex(params)}`;
        const total = capped(cond(`SELECT 1 FROM ${from} WHERE ${where.sql}`, ...where.args), cap + 1);
        // Sorting whole reads each row (~3 µs); from a few hundred rows on, the walk is cheaper: a place
        // always brings 'Toată țara' (~11%) and a band is a range of the price orders, so matches are
        // dense in the order's index. A seller's rows are not in it: sorted whole up to the cap.
        const sortable = Math.min(cap, small, params.owner ? cap : LIST_SORT_WHOLE);
        const page =
          total <= sortable
            ? sortWhole(from, where, sorted, keyed, n)
            : walk(params, null, sorted, keyed, n)!;
        return result(page, total, (last) => SORTS[sorted].cursor(last));
      }

      const text = textQuery(ws, terms);
      const allFacets = facetQuery(params);
      // First probe, for at most `small` matches. Few filtered rows (E, counted in its B-tree index,
      // cheaper than the facet lists, 'Toată țara' alone is 100k rows at 1M): the words' matches among
      // them. Otherwise the words with the category/place/seller terms; the price band (long lists) is
      // then checked on the rows while the matches are few.
      const where = and([cond(PUB('e')), ...filterConds(params, 'e')]);
      const filterSet = cond(
        `SELECT e.rowid FROM announcements e INDEXED BY ${filterIndex(params)} WHERE ${where.sql}`,
        ...where.args,
      );
      const fewFiltered = allFacets !== null && capped(filterSet, filteredSmall) < filteredSmall;
      const placeFacets = facetQuery({ ...params, pret: undefined });
      const first = fewFiltered
        ? all<{ r: number }>(
            cond(
              `SELECT f.rowid AS r FROM announcements_fts f WHERE f.announcements_fts MATCH ? AND +f.rowid IN (${filterSet.sql}) LIMIT ${small + 1}`,
              text,
              ...filterSet.args,
            ),
          ).map((x) => x.r)
        : (stmt(`${MATCHES} LIMIT ${small + 1}`)
            .pluck()
            .all(placeFacets ? `${text} AND ${placeFacets}` : text) as number[]);

      if (first.length <= small) {
        // Few matches: known by rowid, read whole.
        let set = first;
        if (params.pret && !fewFiltered) {
          set = stmt(
            `SELECT a.rowid FROM announcements a WHERE a.rowid IN ${JSON_SET} AND ${BANDS[params.pret]('a')}`,
          )
            .pluck()
            .all(JSON.stringify(first)) as number[];
        }
        const inSet = cond(`a.rowid IN ${JSON_SET}`, JSON.stringify(set));
        if (sort === 'relevance') {
          const offset = (cursor as { o: number } | null)?.o ?? 0;
          const scored = allFacets
            ? cond(`${SCORED} AND +f.rowid IN ${JSON_SET}`, text, JSON.stringify(set))
            : cond(SCORED, text);
          const page = offset > RELEVANCE_MAX_OFFSET ? [] : byRelevance(scored, offset, n);
          return result(page, set.length, () => ({ s: 'relevance', o: offset + limit }));
        }
        const page = sortWhole('announcements a', inSet, sort, cursor as Keyed | null, n);
        return result(page, set.length, (last) => SORTS[sort].cursor(last));
      }

      // Many matches: counted up to the cap. The set is the words' matches among E when E is small, else
      // the words with every filter term (no row read either way).
      const matches = fewFiltered
        ? cond(
            `SELECT f.rowid FROM announcements_fts f WHERE f.announcements_fts MATCH ? AND +f.rowid IN (${filterSet.sql})`,
            text,
            ...filterSet.args,
          )
        : cond(MATCHES, allFacets ? `${text} AND ${allFacets}` : text);
      // (Without filters the first probe is the whole set: past the cap it says enough.)
      const total = !allFacets && first.length > cap ? cap + 1 : capped(matches, cap + 1);
      if (sort === 'relevance') {
        const offset = (cursor as { o: number } | null)?.o ?? 0;
        // Scored on the words alone: filter terms would weigh in, and cost a pass over their long lists.
        const scored = allFacets
          ? cond(`${SCORED} AND +f.rowid IN (${matches.sql})`, text, ...matches.args)
          : cond(SCORED, text);
        const page = offset > RELEVANCE_MAX_OFFSET ? [] : byRelevance(scored, offset, n);
        return result(page, total, () => ({ s: 'relevance', o: offset + limit }));
      }
      const keyed = cursor as Keyed | null;
      const page =
        walk(params, matches, sort, keyed, n) ??
        sortWhole('announcements a', cond(`a.rowid IN (${matches.sql})`, ...matches.args), sort, keyed, n);
      return result(page, total, (last) => SORTS[sort].cursor(last));
    },

    /**
     * Re-indexes the full text from the table (public rows, through the view): after a VACUUM, which may
     * renumber rowids, or a bulk load done without the triggers.
     */
    rebuildIndex(): void {
      sqlite.exec("INSERT INTO announcements_fts(announcements_fts) VALUES ('rebuild')");
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
