import { count, eachSet, has, intersect, minus, topByRank } from './search-bits.ts';

/**
 * Finding a page among a search's clean matches (search-memory.ts), on arrays only: `rank` is an order's
 * position of every clean public row by rowid (-1: not public, or changed since: dirty), `byRank` its
 * inverse. A page is the best `n` ranks after the cursor's (`after`, -1 for the first page).
 */
export type Ranked = { rank: Int32Array; byRank: Int32Array; top: number };

/** The word lists intersected, the excluded words' list taken out: the matches as sorted rowids. */
const matched = (lists: Int32Array[], not: Int32Array | null) =>
  not ? minus(intersect(lists), not) : intersect(lists);

/**
 * Few matches (some list is short): the lists intersected, every match ranked, the best n after the
 * cursor kept; the total exact.
 */
export function rankMatches(
  lists: Int32Array[],
  not: Int32Array | null,
  rank: Int32Array,
  mask: Uint32Array | null,
  after: number,
  n: number,
) {
  let total = 0;
  const top = topByRank(n, after);
  for (const r of matched(lists, not)) {
    const k = r < rank.length ? rank[r]! : -1;
    if (k < 0 || (mask && !has(mask, r))) continue;
    total++;
    top.offer(r, k);
  }
  return { best: top.best, total };
}

/**
 * Broad words (every list long): `bits` holds the lists' and filters' matches as of the ranks (dirty rows
 * not counted); a page from the order's positions walked from the cursor's (matches dense in the order:
 * a few hundred positions), or from the matches' own ranks when they are few.
 */
export function bitMatches(
  bits: Uint32Array,
  dirty: Iterable<number>,
  { rank, byRank, top }: Ranked,
  after: number,
  n: number,
) {
  let total = count(bits);
  for (const r of dirty) if (r <= top && has(bits, r)) total--;
  // Walking costs a few cache misses per position, ~n·top/total positions when the matches are spread
  // over the order; ranking every match one each. A walk that meets clustered matches ('meditatii' titles
  // all start with M) stops at four times its expected length, and every match is ranked instead.
  const expected = (n * top) / Math.max(total, 1);
  if (3 * expected < total) {
    const best: number[] = [];
    const end = Math.min(byRank.length, after + 1 + Math.max(2000, 4 * expected));
    let pos = after + 1;
    for (; pos < end && best.length < n; pos++) {
      const r = byRank[pos]!;
      // A position whose row changed since (dirty) no longer holds it.
      if (rank[r] === pos && has(bits, r)) best.push(r);
    }
    if (best.length === n || pos === byRank.length) return { best, total };
  }
  const best = topByRank(n, after);
  eachSet(bits, (r) => best.offer(r, rank[r]!));
  return { best: best.best, total };
}

/**
 * The clean matches' number and the `k` newest of them (by the 'recent' order's ranks: created_at, then
 * id, so a renewed announcement is among them), newest first: from bits. Many matches: the order walked
 * from its start (k·top/total positions, at most top/8); fewer: their ranks collected and sorted.
 */
export function newestInBits(
  bits: Uint32Array,
  dirty: Iterable<number>,
  { rank, byRank, top }: Ranked,
  k: number,
) {
  let total = count(bits);
  for (const r of dirty) if (r <= top && has(bits, r)) total--;
  const from = (edge: number) => bitsFrom(bits, rank, edge);
  if (total > 8 * k) {
    const newest: number[] = [];
    for (let pos = 0; pos < byRank.length && newest.length < k; pos++) {
      const r = byRank[pos]!;
      if (rank[r] === pos && has(bits, r)) newest.push(r);
    }
    return { total, newest, from };
  }
  const ranks = new Int32Array(total);
  let i = 0;
  eachSet(bits, (r) => {
    const x = rank[r]!;
    if (x >= 0 && i < ranks.length) ranks[i++] = x;
  });
  return { total, newest: firstRows(ranks.subarray(0, i), byRank, k), from };
}

/** The clean matches (ranked) among `bits` with a rowid of `edge` or more, counted from the top. */
function bitsFrom(bits: Uint32Array, rank: Int32Array, edge: number): number {
  let n = 0;
  for (let w = bits.length - 1; w >= 0 && w * 32 + 31 >= edge; w--) {
    let x = bits[w]!;
    while (x !== 0) {
      const b = 31 - Math.clz32(x);
      x ^= 1 << b;
      const r = w * 32 + b;
      if (r >= edge && rank[r]! >= 0) n++;
    }
  }
  return n;
}

/** The same from the lists (few matches). */
export function newestInLists(
  lists: Int32Array[],
  not: Int32Array | null,
  { rank, byRank }: Ranked,
  mask: Uint32Array | null,
  k: number,
) {
  const matches = matched(lists, not);
  const ranks = new Int32Array(matches.length);
  const clean = (r: number) => r < rank.length && rank[r]! >= 0 && (!mask || has(mask, r));
  let total = 0;
  for (const r of matches) if (clean(r)) ranks[total++] = rank[r]!;
  const from = (edge: number) => {
    let n = 0;
    for (let i = matches.length - 1; i >= 0 && matches[i]! >= edge; i--) if (clean(matches[i]!)) n++;
    return n;
  };
  return { total, newest: firstRows(ranks.subarray(0, total), byRank, k), from };
}

/** The rows of the `k` best ranks, best first. */
function firstRows(ranks: Int32Array, byRank: Int32Array, k: number): number[] {
  ranks.sort();
  return Array.from(ranks.subarray(0, k), (x) => byRank[x]!);
}
