import type Database from 'better-sqlite3';
import { COUNTRY_WIDE } from '../../../schema/constants.ts';
import type { SearchParams } from '../../../schema/search.ts';
import type { Phrase, TextQuery } from '../../../schema/text.ts';
import type { Db } from '../plugins/db.ts';
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
 * (the announcements' change feed: seq > asOf) are "dirty": their ranks are cleared and their list entries
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

type DirtyRow = Row & {
  category: string;
  location: string;
  localitate: string;
  owner_id: string;
  public: number;
  /** ' ' + analysed title + ' ' + analysed text + ' ': tokens between spaces. */
  text: string;
};

/**
 * The filters' columns of every public row, by rowid (0: not public when read), as small codes: the
 * place filters of filterConds checked in memory instead of listing 'Toată țara' (100k rows) per search.
 */
type Attrs = {
  codes: { category: Map<string, number>; location: Map<string, number>; localitate: Map<string, number> };
  category: Uint8Array;
  location: Uint8Array;
  localitate: Uint16Array;
  /** NaN: no price. */
  price: Float64Array;
};

/** A word's or filter's rowids, sorted; and as a bitset once a broad search needed it. */
type Listed = { key: string; ids: Int32Array; bits?: Uint32Array };

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
  lists: Map<string, Listed>;
  /** Rowids and bitset words kept in lists. */
  listed: number;
  /** Rows changed since asOf: their seq when last read, and what was read (undefined: not yet). */
  dirty: Map<number, { seq: number; row?: DirtyRow | null }>;
};

/** The filters of filterConds (search-sql.ts) on a read row. */
function passesFilters(r: DirtyRow, p: SearchParams): boolean {
  if (!r.public) return false;
  if (p.category && r.category !== p.category) return false;
  if (p.judet) {
    if (r.location !== p.judet && r.location !== COUNTRY_WIDE) return false;
    if (p.localitate && r.location !== COUNTRY_WIDE && r.localitate !== p.localitate && r.localitate !== '')
      return false;
  }
  if (p.pret) {
    const x = r.price;
    const ok =
      x !== null &&
      (p.pret === 'free'
        ? x === 0
        : p.pret === 'under50'
          ? x > 0 && x <= 50
          : p.pret === 'under100'
            ? x > 50 && x <= 100
            : x > 100);
    if (!ok) return false;
  }
  if (p.owner && r.owner_id !== p.owner) return false;
  return true;
}

/** The FTS5 match of a text query on the analysed columns (a token equal to a term, or starting with it). */
const holds = (text: string, ph: Phrase) => text.includes(ph.prefix ? ` ${ph.term}` : ` ${ph.term} `);
const matchesText = (text: string, t: TextQuery) =>
  t.groups.every((g) => g.some((ph) => holds(text, ph))) && !t.not.some((ph) => holds(text, ph));

/** A cursor's keys as a row, to compare rows with it by the exact order. */
function keysOf(c: Keyed): Row {
  const k = c as { c: string; i: string; p?: number | null; t?: string };
  return { r: 0, id: k.i, created_at: k.c, price: k.p ?? null, title_key: k.t ?? '' };
}

/** Bitsets intersected into a new one (null for none). */
function and(sets: Uint32Array[]): Uint32Array | null {
  const [first, ...rest] = sets;
  if (!first) return null;
  const out = Uint32Array.from(first);
  for (const b of rest) for (let w = 0; w < out.length; w++) out[w]! &= b[w]!;
  return out;
}

const has = (bits: Uint32Array, r: number) => (bits[r >>> 5]! & (1 << (r & 31))) !== 0;

/** The best `n` rows by rank after `after`, kept sorted (n ≤ 61: an insertion is cheap). */
function topByRank(n: number, after: number) {
  const best: number[] = [];
  const bestRank: number[] = [];
  return {
    best,
    offer(r: number, k: number) {
      if (k <= after || (best.length === n && k >= bestRank[n - 1]!)) return;
      let j = best.length === n ? n - 1 : best.length;
      while (j > 0 && bestRank[j - 1]! > k) {
        best[j] = best[j - 1]!;
        bestRank[j] = bestRank[j - 1]!;
        j--;
      }
      best[j] = r;
      bestRank[j] = k;
    },
  };
}

/** Sorted rowid lists intersected (smallest first, galloping through the longer ones). */
function intersect(lists: Int32Array[]): Int32Array {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let acc = sorted[0] ?? new Int32Array(0);
  for (const other of sorted.slice(1)) {
    const out = new Int32Array(acc.length);
    let k = 0;
    let lo = 0;
    for (const r of acc) {
      let hi = lo;
      let step = 1;
      while (hi < other.length && other[hi]! < r) {
        lo = hi + 1;
        hi += step;
        step *= 2;
      }
      hi = Math.min(hi, other.length);
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (other[mid]! < r) lo = mid + 1;
        else hi = mid;
      }
      if (lo < other.length && other[lo] === r) out[k++] = r;
    }
    acc = out.subarray(0, k);
  }
  return acc;
}

/** Rows of a sorted list that are not in another sorted list. */
function minus(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let k = 0;
  let j = 0;
  for (const r of a) {
    while (j < b.length && b[j]! < r) j++;
    if (j >= b.length || b[j] !== r) out[k++] = r;
  }
  return out.subarray(0, k);
}

export function searchMemory(db: Db, limits = MEMORY_LIMITS) {
  const conn = (db as unknown as { $client: Database.Database }).$client;
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
    const max = one('SELECT max(seq) FROM announcements');
    if (state && max < state.seen) state = null;
    if (state && max > state.seen) {
      const changed = stmt('raw', 'SELECT rowid, seq FROM announcements WHERE seq > ? ORDER BY seq').all(
        state.seen,
      ) as [number, number][];
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
      lists: new Map(),
      listed: 0,
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
    if (s.attrs === 'too many') return null;
    if (s.attrs) return s.attrs;
    const codes = {
      category: new Map<string, number>(),
      location: new Map<string, number>(),
      localitate: new Map<string, number>(),
    };
    const code = (m: Map<string, number>, v: string) => {
      const c = m.get(v) ?? m.size + 1;
      m.set(v, c);
      return c;
    };
    const out: Attrs = {
      codes,
      category: new Uint8Array(s.top + 1),
      location: new Uint8Array(s.top + 1),
      localitate: new Uint16Array(s.top + 1),
      price: new Float64Array(s.top + 1).fill(Number.NaN),
    };
    const rows = stmt(
      'raw',
      `SELECT a.rowid, a.category, a.location, a.localitate, a.price FROM announcements a INDEXED BY announcements_pub_cat_place WHERE ${PUB('a')} AND a.rowid <= ?`,
    ).iterate(s.top) as Iterable<[number, string, string, string, number | null]>;
    for (const [r, category, location, localitate, price] of rows) {
      out.category[r] = code(codes.category, category);
      out.location[r] = code(codes.location, location);
      out.localitate[r] = code(codes.localitate, localitate);
      if (price !== null) out.price[r] = price;
    }
    // Past these sizes the codes would wrap: such a catalogue's filtered searches are the plans' (null).
    if (codes.category.size > 255 || codes.location.size > 255 || codes.localitate.size > 65_535) {
      s.attrs = 'too many';
      return null;
    }
    s.attrs = out;
    return out;
  }

  /** A bitset of the state's rowids whose codes pass `test` (kept with the lists). */
  function codeBits(s: State, key: string, test: (r: number) => boolean): Uint32Array {
    const kept = s.lists.get(key);
    if (kept?.bits) {
      s.lists.delete(key);
      s.lists.set(key, kept);
      return kept.bits;
    }
    const bits = new Uint32Array((s.top >>> 5) + 1);
    for (let r = 0; r <= s.top; r++) if (test(r)) bits[r >>> 5]! |= 1 << (r & 31);
    keep(s, { key, ids: new Int32Array(0), bits });
    return bits;
  }

  /**
   * The category, place and price filters (filterConds) as one bitset of the clean rows that pass them,
   * from the rows' codes; null without such filters.
   */
  function filterMask(s: State, p: SearchParams): Uint32Array | null | 'plans' {
    if (!p.category && !p.judet && !p.pret) return null;
    const a = attrs(s);
    if (!a) return 'plans';
    const masks: Uint32Array[] = [];
    if (p.category) {
      const cat = a.codes.category.get(p.category) ?? -1;
      masks.push(codeBits(s, `#category ${p.category}`, (r) => a.category[r] === cat));
    }
    if (p.judet) {
      const county = a.codes.location.get(p.judet) ?? -1;
      const everywhere = a.codes.location.get(COUNTRY_WIDE) ?? -1;
      const loc = p.localitate ? (a.codes.localitate.get(p.localitate) ?? -1) : 0;
      const none = a.codes.localitate.get('') ?? -1;
      masks.push(
        codeBits(s, `#place ${p.judet} ${p.localitate ?? ''}`, (r) => {
          const l = a.location[r];
          if (l === everywhere) return true;
          if (l !== county) return false;
          return !loc || a.localitate[r] === loc || a.localitate[r] === none;
        }),
      );
    }
    if (p.pret) {
      const band = p.pret;
      masks.push(
        codeBits(s, `#price ${band}`, (r) => {
          const x = a.price[r]!;
          return band === 'free'
            ? x === 0
            : band === 'under50'
              ? x > 0 && x <= 50
              : band === 'under100'
                ? x > 50 && x <= 100
                : x > 100;
        }),
      );
    }
    return and(masks);
  }

  /** Drops the least recently used lists past the budget (never `spare`, the one just used). */
  const evict = (s: State, spare: string) => {
    for (const [k, v] of s.lists) {
      if (s.listed <= limits.listEntries || k === spare) break;
      s.lists.delete(k);
      s.listed -= v.ids.length + (v.bits?.length ?? 0);
    }
  };
  const keep = (s: State, entry: Listed) => {
    s.lists.set(entry.key, entry);
    s.listed += entry.ids.length + (entry.bits?.length ?? 0);
    evict(s, entry.key);
  };

  /** A word group's or filter's rowids (FTS5 lists them ~0.4 µs a row, once; most recently used kept). */
  function list(s: State, expr: string): Listed {
    const kept = s.lists.get(expr);
    if (kept) {
      s.lists.delete(expr);
      s.lists.set(expr, kept);
      return kept;
    }
    const ids = stmt(
      'pluck',
      'SELECT rowid FROM announcements_fts WHERE announcements_fts MATCH ? ORDER BY rowid',
    ).all(expr) as number[];
    const entry = { key: expr, ids: Int32Array.from(ids) };
    keep(s, entry);
    return entry;
  }

  /** The list as a bitset of the state's rowids (kept with it). */
  function bitsOf(s: State, l: Listed): Uint32Array {
    if (l.bits) return l.bits;
    const bits = new Uint32Array((s.top >>> 5) + 1);
    for (const r of l.ids) if (r <= s.top) bits[r >>> 5]! |= 1 << (r & 31);
    l.bits = bits;
    // Counted while kept (a list dropped earlier in this search is only used by it).
    if (s.lists.get(l.key) === l) {
      s.listed += bits.length;
      evict(s, l.key);
    }
    return bits;
  }

  /** Every list and the filters, none of the excluded words: one new bitset. */
  function matchBits(s: State, lists: Listed[], not: Listed | null, mask: Uint32Array | null) {
    const bits = and([...lists.map((l) => bitsOf(s, l)), ...(mask ? [mask] : [])])!;
    if (not) {
      const b = bitsOf(s, not);
      for (let w = 0; w < bits.length; w++) bits[w]! &= ~b[w]!;
    }
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

  /**
   * Few matches (some list is short): the lists intersected, every match ranked, the best n after the
   * cursor kept; the total exact.
   */
  function rankMatches(
    lists: Listed[],
    not: Listed | null,
    rank: Int32Array,
    mask: Uint32Array | null,
    after: number,
    n: number,
  ) {
    let matches = intersect(lists.map((l) => l.ids));
    if (not) matches = minus(matches, not.ids);
    let total = 0;
    const top = topByRank(n, after);
    for (const r of matches) {
      const k = r < rank.length ? rank[r]! : -1;
      if (k < 0 || (mask && !has(mask, r))) continue;
      total++;
      top.offer(r, k);
    }
    return { best: top.best, total };
  }

  /**
   * Broad words (every list long): the lists' and filters' bitsets combined, the total counted in them;
   * a page from the order's positions walked from the cursor's (matches dense in the order: a few hundred
   * positions), or from the matches' own ranks when they are few.
   */
  function bitMatches(
    s: State,
    sort: Sorted,
    lists: Listed[],
    not: Listed | null,
    rank: Int32Array,
    mask: Uint32Array | null,
    after: number,
    n: number,
  ) {
    const bits = matchBits(s, lists, not, mask);
    let total = 0;
    for (const w of bits) {
      let x = w - ((w >>> 1) & 0x55555555);
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      total += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    for (const r of s.dirty.keys()) if (r <= s.top && has(bits, r)) total--;
    // Walking costs a few cache misses per position, ~n·top/total positions when the matches are spread
    // over the order; ranking every match one each. A walk that meets clustered matches ('meditatii' titles
    // all start with M) stops at four times its expected length, and every match is ranked instead.
    const expected = (n * s.top) / Math.max(total, 1);
    if (3 * expected < total) {
      const best: number[] = [];
      const byRank = s.byRank.get(sort)!;
      const end = Math.min(byRank.length, after + 1 + Math.max(2000, 4 * expected));
      let pos = after + 1;
      for (; pos < end && best.length < n; pos++) {
        const r = byRank[pos]!;
        // A position whose row changed since (dirty) no longer holds it.
        if (rank[r] === pos && has(bits, r)) best.push(r);
      }
      if (best.length === n || pos === byRank.length) return { best, total };
    }
    const top = topByRank(n, after);
    for (let w = 0; w < bits.length; w++) {
      let x = bits[w]!;
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        const r = (w << 5) | (31 - Math.clz32(low));
        top.offer(r, rank[r]!);
      }
    }
    return { best: top.best, total };
  }

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
    const mask = filterMask(s, p);
    if (mask === 'plans') return null;
    const dense = Math.min(...lists.map((l) => l.ids.length)) > limits.denseFrom;
    const found = dense
      ? bitMatches(s, sort, lists, not, rank, mask, after, n)
      : rankMatches(lists, not, rank, mask, after, n);
    let total = found.total;
    const rows = stmt('rows', `SELECT ${COLS} FROM announcements a WHERE a.rowid IN ${JSON_SET}`).all(
      JSON.stringify(found.best),
    ) as Row[];
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
   * All current matches of a search (any order): their exact number and the `k` newest rowids
   * (ascending), for relevance, which scores the newest matches only.
   */
  function newestNow(p: SearchParams, t: TextQuery, k: number): { total: number; newest: number[] } | null {
    const s = refresh();
    const rank = ranks(s, 'recent');
    const parts = [...t.groups.map((g) => groupQuery(g)), ...facetTerms({ owner: p.owner })];
    if (parts.length === 0) return null;
    const lists = parts.map((e) => list(s, e));
    const not = t.not.length > 0 ? list(s, groupQuery(t.not)) : null;
    const mask = filterMask(s, p);
    if (mask === 'plans') return null;
    const clean: number[] = [];
    let total = 0;
    if (Math.min(...lists.map((l) => l.ids.length)) > limits.denseFrom) {
      const bits = matchBits(s, lists, not, mask);
      for (let w = bits.length - 1; w >= 0; w--) {
        let x = bits[w]!;
        while (x !== 0) {
          const b = 31 - Math.clz32(x);
          x ^= 1 << b;
          const r = (w << 5) | b;
          if (rank[r]! < 0) continue;
          total++;
          if (clean.length < k) clean.push(r);
        }
      }
    } else {
      let matches = intersect(lists.map((l) => l.ids));
      if (not) matches = minus(matches, not.ids);
      for (let i = matches.length - 1; i >= 0; i--) {
        const r = matches[i]!;
        if (r >= rank.length || rank[r]! < 0 || (mask && !has(mask, r))) continue;
        total++;
        if (clean.length < k) clean.push(r);
      }
    }
    const changed = dirtyRows(s)
      .filter((d) => passesFilters(d, p) && matchesText(d.text, t))
      .map((d) => d.r);
    const newest = [...clean, ...changed].sort((a, b) => b - a).slice(0, k);
    return { total: total + changed.length, newest: newest.reverse() };
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
