import { describe, expect, it } from 'vitest';
import { and, andNot, bitset, count, eachSet, has, intersect, minus, set, topByRank } from './search-bits.ts';
import { listCache } from './search-memory-lists.ts';
import { bitMatches, newestInBits, newestInLists, rankMatches } from './search-memory-match.ts';

/** Sorted unique rowids below `top` (size ≤ top / 2), from a seed (xorshift: the same lists every run). */
function randomList(seed: number, size: number, top: number): Int32Array {
  const out = new Set<number>();
  let x = seed | 1;
  while (out.size < size) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.add((x >>> 0) % top);
  }
  return Int32Array.from([...out].sort((a, b) => a - b));
}
const bitsOf = (ids: Iterable<number>, top: number) => {
  const b = bitset(top);
  for (const r of ids) set(b, r);
  return b;
};

/** An order: a permutation of the rowids, every 13th row not public (rank -1). */
function anOrder(top: number) {
  const byRankAll = Array.from({ length: top + 1 }, (_, r) => r).sort(
    (a, b) => ((a * 7919) % 10007) - ((b * 7919) % 10007),
  );
  const rank = new Int32Array(top + 1).fill(-1);
  const byRank: number[] = [];
  for (const r of byRankAll) if (r % 13 !== 0) rank[r] = byRank.push(r) - 1;
  return { rank, byRank };
}

describe('sorted rowid lists and bitsets (pages from memory)', () => {
  it('intersects and subtracts lists as sets do, whatever their lengths', () => {
    for (const [a, b, c] of [
      [5, 500, 3000],
      [1000, 1000, 1000],
      [0, 10, 10],
      [2000, 3, 700],
    ] as const) {
      const [x, y, z] = [randomList(a + 1, a, 5000), randomList(b + 7, b, 5000), randomList(c + 3, c, 5000)];
      const expected = [...x].filter((r) => y.includes(r) && z.includes(r));
      expect([...intersect([x, y, z])]).toEqual(expected);
      expect([...minus(x, y)]).toEqual([...x].filter((r) => !y.includes(r)));
    }
    expect([...intersect([])]).toEqual([]);
  });

  it('counts, combines and walks bitsets both ways', () => {
    const top = 200;
    const a = randomList(1, 80, top);
    const b = randomList(2, 90, top);
    const [ba, bb] = [bitsOf(a, top), bitsOf(b, top)];
    expect(count(ba)).toBe(80);
    const both = and([ba, bb])!;
    expect(count(both)).toBe([...a].filter((r) => b.includes(r)).length);
    expect(and([])).toBeNull();
    andNot(both, bitsOf([...a].slice(0, 10), top));
    const up: number[] = [];
    eachSet(both, (r) => up.push(r));
    const down: number[] = [];
    eachSet(both, (r) => down.push(r), true);
    expect(down).toEqual([...up].reverse());
    expect(up).toEqual([...a].slice(10).filter((r) => b.includes(r)));
    expect(up.every((r) => has(both, r))).toBe(true);
    // Bit 31 of a word (the sign bit) is a rowid like any other.
    const edge = bitsOf([31, 63, 64], top);
    const seen: number[] = [];
    eachSet(edge, (r) => seen.push(r));
    expect(seen).toEqual([31, 63, 64]);
  });

  it('keeps the best n ranks after the cursor, in order', () => {
    const t = topByRank(3, 10);
    for (const [r, k] of [
      [1, 50],
      [2, 11],
      [3, 10],
      [4, 30],
      [5, 12],
      [6, 70],
    ])
      t.offer(r!, k!);
    expect(t.best).toEqual([2, 5, 4]);
  });

  it('finds the same page by walking the order as by ranking every match', () => {
    const top = 20_000;
    const { rank, byRank } = anOrder(top);
    // The word lists hold public rows only (as the full-text index does).
    const list = randomList(9, 8000, top).filter((r) => r % 13 !== 0);
    const bits = bitsOf(list, top);
    const ranked = { rank, byRank: Int32Array.from(byRank), top };
    // Two rows of the first page changed since the ranks were made (dirty): their positions hold nothing.
    const dirty = bitMatches(bits, [], ranked, -1, 20).best.slice(3, 5);
    for (const r of dirty) rank[r] = -1;
    let after = -1;
    for (let page = 0; page < 5; page++) {
      const walked = bitMatches(bits, dirty, ranked, after, 20);
      const all = rankMatches([list], null, rank, null, after, 20);
      expect(walked.best).toEqual(all.best);
      expect(walked.best).toHaveLength(20);
      after = rank[walked.best.at(-1)!]!;
      expect(walked.total).toBe(list.length - dirty.length);
      expect(all.total).toBe(list.length - dirty.length);
    }
  });

  it('takes the k best ranks of the matches by walking the order or by sorting their ranks', () => {
    const top = 20_000;
    const { rank, byRank } = anOrder(top);
    const list = randomList(5, 8000, top).filter((r) => r % 13 !== 0);
    const dirty = [list[10]!, list[500]!];
    for (const r of dirty) rank[r] = -1;
    const clean = list.filter((r) => !dirty.includes(r));
    const byRankOf = [...clean].sort((a, b) => rank[a]! - rank[b]!);
    const ranked = { rank, byRank: Int32Array.from(byRank), top };
    // k = 20: 8·k below the matches, the order is walked; k = 2000: their ranks are sorted.
    for (const k of [20, 2000, 10_000]) {
      const expected = byRankOf.slice(0, k);
      const fromBits = newestInBits(bitsOf(list, top), dirty, ranked, k);
      expect(fromBits.newest, `bits ${k}`).toEqual(expected);
      expect(fromBits.total).toBe(clean.length);
      const fromLists = newestInLists([list], null, ranked, null, k);
      expect(fromLists.newest, `lists ${k}`).toEqual(expected);
      expect(fromLists.total).toBe(clean.length);
      // The clean matches from a rowid on (is the newest set a rowid range?).
      for (const edge of [0, list[100]!, list[100]! + 1, top]) {
        const above = clean.filter((r) => r >= edge).length;
        expect(fromBits.from(edge), `bits from ${edge}`).toBe(above);
        expect(fromLists.from(edge), `lists from ${edge}`).toBe(above);
      }
    }
  });
});

describe('the kept lists', () => {
  it('drops the least recently used past the budget, counting bitsets only while kept', () => {
    const lists = listCache(100);
    const a = lists.keep({ key: 'a', ids: new Int32Array(40) });
    lists.keep({ key: 'b', ids: new Int32Array(40) });
    expect(lists.get('a')).toBe(a); // 'b' is now the least recently used
    lists.keep({ key: 'c', ids: new Int32Array(40) });
    expect(lists.keys()).toEqual(['a', 'c']);
    expect(lists.entries).toBe(80);
    // Used again, as a bitset of 64 rowids (3 words: counted); then 'c' (least recently used) goes.
    lists.bitsOf(lists.get('a')!, 64);
    expect(lists.entries).toBe(83);
    lists.keep({ key: 'd', ids: new Int32Array(30) });
    expect(lists.keys()).toEqual(['a', 'd']);
    expect(lists.entries).toBe(73);
    // A list larger than the budget is kept while it is the one just used.
    lists.keep({ key: 'e', ids: new Int32Array(150) });
    expect(lists.keys()).toEqual(['e']);
    // A bitset made for a list no longer kept is not counted.
    lists.bitsOf(a, 64);
    expect(lists.entries).toBe(150);
  });
});
