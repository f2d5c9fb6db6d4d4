import type Database from 'better-sqlite3';
import type { SearchParams } from '../../../schema/search.ts';
import type { TextQuery } from '../../../schema/text.ts';
import { sqliteOf } from '../lib/sql.ts';
import type { Db } from '../plugins/db.ts';
import { and, andNot } from './search-bits.ts';
import { type Attrs, filterCodes, filterMask } from './search-memory-filters.ts';
import { type ListCache, type Listed, listCache } from './search-memory-lists.ts';
import { bitMatches, newestInBits, newestInLists, rankMatches } from './search-memory-match.ts';
import { type DirtyRow, keysOf, matchesText, passesFilters, withChanged } from './search-memory-rows.ts';
import {
  COLS,
  facetTerms,
  groupQuery,
  JSON_SET,
  type Keyed,
  PUB,
  ROW_ORDER,
  type Row,
  SORTS,
  type Sorted,
} from './search-sql.ts';

/**
 * Ordered pages of broad searches from memory (issue 20, 'Bounded work on broad words' in
 * docs/decisions.md). A broad word at a million announcements matches 24k–112k rows; listing them through
 * FTS5 costs ~0.4 µs a row and walking an order's index against them up to 100 ms when the matches cluster
 * ('meditatii' titles all start with M). This keeps, per connection (each search thread has its own):
 * - each order's rank of every public row (rowid → position, an Int32Array; built once by walking the
 *   order's index, ~1.3 s at 1M, 4 MB);
 * - the rowids of recently used words and filters (a group of word forms, a facet term), sorted.
 * A page is then the intersection of the lists, its best `n` ranks after the cursor's, exact totals, in
 * a few ms whatever the order.
 *
 * Freshness: everything is valid as of a seq (`asOf`, read before anything was built). Rows changed since
 * (the feed of changes a search can see, `announcements_search_seq`: seq > asOf; a favourites recount is
 * not one) are "dirty": their ranks are cleared and their list entries
 * ignored; they are read from the table and checked with the same rule in JS (filterConds, the FTS5 match
 * of the analysed columns), then merged by the exact order. Past `dirtyMax` dirty rows everything is
 * dropped and built again from the current state. Statements of one page run in one read transaction.
 *
 * Rows removed without a seq (only tombstone purges, of rows that were not public when anything was
 * built, or dirty since) need nothing; any other bulk change to the table (a test refilling it) calls
 * `forget()`.
 */

export const MEMORY_LIMITS = {
  /**
   * Past this many rowids in every list of a search, its page is found by walking the order's positions
   * against the lists' bitsets (a broad word fills a page within a few hundred positions) instead of
   * ranking every match.
   */
  denseFrom: 5000,
  /** Changed rows checked one by one before everything is built again (~1 µs each per search). */
  dirtyMax: 3000,
  /** Rowids and bitset words kept in lists, all words together (4 bytes each: 32 MB per search thread). */
  listEntries: 8_000_000,
};

type State = {
  asOf: number;
  seen: number;
  /** The largest rowid when the state was made: the arrays' size (larger rowids are new, so dirty). */
  top: number;
  ranks: Map<Sorted, Int32Array>;
  /** Each order's rowids by position (the inverse of its ranks). */
  byRank: Map<Sorted, Int32Array>;
  /** Made when first needed; 'too many' distinct values for the codes: filtered searches are the plans'. */
  attrs: Attrs | 'too many' | null;
  lists: ListCache;
  /** Rows changed since asOf: their seq when last read, and what was read (undefined: not yet). */
  dirty: Map<number, { seq: number; row?: DirtyRow | null }>;
};

export function searchMemory(db: Db, limits = MEMORY_LIMITS) {
  const conn = sqliteOf(db).$client;
  let state: State | null = null;
  // Statements prepared once (preparing costs more than running most of them).
  const statements = new Map<string, Database.Statement>();
  const stmt = (mode: 'rows' | 'pluck' | 'raw', text: string) => {
    const key = `${mode} ${text}`;
    let st = statements.get(key);
    if (!st) {
      st = conn.prepare(text);
      if (mode === 'pluck') st.pluck();
      if (mode === 'raw') st.raw();
      statements.set(key, st);
    }
    return st;
  };
  const one = (text: string) => (stmt('pluck', text).get() as number | null) ?? 0;

  /** Reads the change feed since the last search; starts again when too much changed. */
  function refresh(): State {
    // Changes a search can see (migration 0021: not a favourites recount, which moves the row's seq too).
    const max = one('SELECT max(seq) FROM announcements_search_seq');
    if (state && max < state.seen) state = null;
    if (state && max > state.seen) {
      const changed = stmt(
        'raw',
        'SELECT rid, seq FROM announcements_search_seq WHERE seq > ? ORDER BY seq',
      ).all(state.seen) as [number, number][];
      for (const [r, seq] of changed) {
        state.dirty.set(r, { seq });
        for (const rank of state.ranks.values()) if (r < rank.length) rank[r] = -1;
      }
      state.seen = max;
      if (state.dirty.size > limits.dirtyMax) state = null;
    }
    state ??= {
      asOf: max,
      seen: max,
      top: one('SELECT max(rowid) FROM announcements'),
      ranks: new Map(),
      byRank: new Map(),
      attrs: null,
      lists: listCache(limits.listEntries),
      dirty: new Map(),
    };
    return state;
  }

  function ranks(s: State, sort: Sorted): Int32Array {
    const kept = s.ranks.get(sort);
    if (kept) return kept;
    const spec = SORTS[sort];
    const rank = new Int32Array(s.top + 1).fill(-1);
    const parts: number[][] = [];
    let i = 0;
    for (const seg of spec.segments(null)) {
      const ids = stmt(
        'pluck',
        `SELECT a.rowid FROM announcements a INDEXED BY announcements_pub_${spec.index} WHERE ${PUB('a')} AND (${seg.where.sql}) AND a.rowid <= ? ORDER BY ${seg.orderBy}`,
      ).all(...seg.where.args, s.top) as number[];
      for (const r of ids) rank[r] = i++;
      parts.push(ids);
    }
    for (const r of s.dirty.keys()) if (r < rank.length) rank[r] = -1;
    s.ranks.set(sort, rank);
    s.byRank.set(sort, Int32Array.from(parts.flat()));
    return rank;
  }

  function attrs(s: State): Attrs | null {
    s.attrs ??= filterCodes(
      stmt(
        'raw',
        `SELECT a.rowid, a.category, a.location, a.localitate, a.price FROM announcements a INDEXED BY announcements_pub_cat_place WHERE ${PUB('a')} AND a.rowid <= ?`,
      ).iterate(s.top) as Iterable<[number, string, string, string, number | null]>,
      s.top,
    );
    return s.attrs === 'too many' ? null : s.attrs;
  }

  /** The filters as one bitset of the clean rows that pass them; null without; 'plans' without codes. */
  function filtersOf(s: State, p: SearchParams): Uint32Array | null | 'plans' {
    if (!p.category && !p.judet && !p.pret) return null;
    const a = attrs(s);
    return a ? filterMask(a, s.lists, s.top, p) : 'plans';
  }

  /** A word group's or filter's rowids (FTS5 lists them ~0.4 µs a row, once; most recently used kept). */
  function list(s: State, expr: string): Listed {
    const kept = s.lists.get(expr);
    if (kept) return kept;
    const ids = stmt(
      'pluck',
      'SELECT rowid FROM announcements_fts WHERE announcements_fts MATCH ? ORDER BY rowid',
    ).all(expr) as number[];
    return s.lists.keep({ key: expr, ids: Int32Array.from(ids) });
  }

  /** Every list and the filters, none of the excluded words: one new bitset. */
  function matchBits(s: State, lists: Listed[], not: Listed | null, mask: Uint32Array | null) {
    const bits = and([...lists.map((l) => s.lists.bitsOf(l, s.top)), ...(mask ? [mask] : [])])!;
    if (not) andNot(bits, s.lists.bitsOf(not, s.top));
    return bits;
  }

  /** The dirty rows as they are now (read once per change). */
  function dirtyRows(s: State): DirtyRow[] {
    const unread = [...s.dirty].filter(([, d]) => d.row === undefined).map(([r]) => r);
    const read = stmt(
      'rows',
      `SELECT ${COLS}, a.category, a.location, a.localitate, a.owner_id, (${PUB('a')}) AS public,
         ' ' || a.search_title || ' ' || a.search_text || ' ' AS text
       FROM announcements a WHERE a.rowid IN ${JSON_SET}`,
    );
    for (let i = 0; i < unread.length; i += 500) {
      const chunk = unread.slice(i, i + 500);
      const byRowid = new Map((read.all(JSON.stringify(chunk)) as DirtyRow[]).map((x) => [x.r, x]));
      // Read as it is now (gone: purged); a later change replaces the entry, so it is read again.
      for (const r of chunk) s.dirty.get(r)!.row = byRowid.get(r) ?? null;
    }
    return [...s.dirty.values()].flatMap((d) => (d.row ? [d.row] : []));
  }

  /** Rows' order keys (rowid, id, created_at, price, title_key), by rowid. */
  const keysOfRows = (rowids: number[]) =>
    stmt('rows', `SELECT ${COLS} FROM announcements a WHERE a.rowid IN ${JSON_SET}`).all(
      JSON.stringify(rowids),
    ) as Row[];

  /** The cursor row's rank, when it is unchanged since the ranks were made (else null: not from memory). */
  function cursorRank(s: State, rank: Int32Array, c: Keyed): number | null {
    const k = c as { s: Sorted; c: string; i: string; p?: number | null; t?: string };
    const at = stmt(
      'rows',
      'SELECT a.rowid AS r, a.created_at, a.price, a.title_key FROM announcements a WHERE a.id = ?',
    ).get(k.i) as Pick<Row, 'r' | 'created_at' | 'price' | 'title_key'> | undefined;
    if (!at || s.dirty.has(at.r) || at.r >= rank.length || rank[at.r]! < 0) return null;
    if (at.created_at !== k.c) return null;
    if ('p' in k && at.price !== k.p) return null;
    if ('t' in k && at.title_key !== k.t) return null;
    return rank[at.r]!;
  }

  /** Every list of the search is long: its matches are found in bitsets (MEMORY_LIMITS.denseFrom). */
  const dense = (lists: Listed[]) => Math.min(...lists.map((l) => l.ids.length)) > limits.denseFrom;
  const ids = (lists: Listed[]) => lists.map((l) => l.ids);

  function pageNow(
    p: SearchParams,
    t: TextQuery,
    sort: Sorted,
    cursor: Keyed | null,
    n: number,
  ): { rows: Row[]; total: number } | null {
    const s = refresh();
    const rank = ranks(s, sort);
    const after = cursor === null ? -1 : cursorRank(s, rank, cursor);
    if (after === null) return null;

    // The clean matches: every group and the seller (its list is short), none of the excluded words;
    // the other filters on the rows' codes.
    const parts = [...t.groups.map((g) => groupQuery(g)), ...facetTerms({ owner: p.owner })];
    if (parts.length === 0) return null;
    const lists = parts.map((e) => list(s, e));
    const not = t.not.length > 0 ? list(s, groupQuery(t.not)) : null;
    const mask = filtersOf(s, p);
    if (mask === 'plans') return null;
    const ranked = { rank, byRank: s.byRank.get(sort)!, top: s.top };
    const found = dense(lists)
      ? bitMatches(matchBits(s, lists, not, mask), s.dirty.keys(), ranked, after, n)
      : rankMatches(ids(lists), not?.ids ?? null, rank, mask, after, n);
    let total = found.total;
    const rows = keysOfRows(found.best);
    // The rows changed since, checked one by one and placed by the exact order.
    const order = ROW_ORDER[sort];
    const cursorRow = cursor && keysOf(cursor);
    for (const d of dirtyRows(s)) {
      if (!passesFilters(d, p) || !matchesText(d.text, t)) continue;
      total++;
      if (!cursorRow || order(cursorRow, d) < 0) rows.push(d);
    }
    rows.sort(order);
    return {
      rows: rows
        .slice(0, n)
        .map(({ r, id, created_at, price, title_key }) => ({ r, id, created_at, price, title_key })),
      total,
    };
  }

  /**
   * All current matches of a search (any order): their exact number and the `k` newest (created_at, then
   * id: the 'recent' order), as rowids ascending, for relevance, which scores the newest matches only.
   */
  function newestNow(
    p: SearchParams,
    t: TextQuery,
    k: number,
  ): { total: number; newest: number[]; tail: boolean } | null {
    const s = refresh();
    const rank = ranks(s, 'recent');
    const parts = [...t.groups.map((g) => groupQuery(g)), ...facetTerms({ owner: p.owner })];
    if (parts.length === 0) return null;
    const lists = parts.map((e) => list(s, e));
    const not = t.not.length > 0 ? list(s, groupQuery(t.not)) : null;
    const mask = filtersOf(s, p);
    if (mask === 'plans') return null;
    const ranked = { rank, byRank: s.byRank.get('recent')!, top: s.top };
    const clean = dense(lists)
      ? newestInBits(matchBits(s, lists, not, mask), s.dirty.keys(), ranked, k)
      : newestInLists(ids(lists), not?.ids ?? null, ranked, mask, k);
    const changed = dirtyRows(s).filter((d) => passesFilters(d, p) && matchesText(d.text, t));
    const newest = withChanged(clean.newest, changed, k, keysOfRows).sort((a, b) => a - b);
    // The newest by date are also every match from the smallest of their rowids on (rowids grow with
    // time; a renewal breaks it): relevance may then score that rowid range alone.
    const edge = newest[0] ?? 0;
    const above = clean.from(edge) + changed.filter((d) => d.r >= edge).length;
    return { total: clean.total + changed.length, newest, tail: above === newest.length };
  }

  /**
   * Runs `fn` in one read transaction. Inside another transaction (a write open on the same connection,
   * as when searches run in the main thread) nothing is read or kept: that write's rows and seqs may still
   * be rolled back, so the caller's plans answer (null).
   */
  function snapshot<T>(fn: () => T): T | null {
    if (conn.inTransaction) return null;
    conn.exec('BEGIN');
    try {
      return fn();
    } finally {
      conn.exec('COMMIT');
    }
  }

  return {
    /**
     * A page of a search with words in an order, and its exact total; null when the cursor's row changed
     * since the ranks were made (the caller's plans answer).
     */
    async page(p: SearchParams, t: TextQuery, sort: Sorted, cursor: Keyed | null, n: number) {
      return snapshot(() => pageNow(p, t, sort, cursor, n)) ?? null;
    },
    /** The exact number of matches and the `k` newest (relevance scores those). */
    async newest(p: SearchParams, t: TextQuery, k: number) {
      return snapshot(() => newestNow(p, t, k)) ?? null;
    },
    /** Makes every order's ranks and the filters' codes now (a search thread's start, ~2.5 s at 1M). */
    warm(): void {
      snapshot(() => {
        const s = refresh();
        for (const sort of Object.keys(SORTS) as Sorted[]) ranks(s, sort);
        attrs(s);
      });
    },
    /** True when the order's ranks are made (a page then costs a few ms, whatever the words). */
    ready: (sort: Sorted) => state?.ranks.has(sort) === true,
    /** Drops everything kept (the table was changed outside the change feed). */
    forget() {
      state = null;
    },
  };
}
