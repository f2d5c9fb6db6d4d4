/**
 * Sorted rowid lists and bitsets of rowids: the arithmetic of pages from memory (search-memory.ts). Pure
 * functions; a bitset has one bit per rowid up to the state's largest (`(top >>> 5) + 1` words).
 */

/** An empty bitset for rowids 0..top. */
export const bitset = (top: number) => new Uint32Array((top >>> 5) + 1);

/** The bit of rowid `r`. */
export const has = (bits: Uint32Array, r: number) => (bits[r >>> 5]! & (1 << (r & 31))) !== 0;

/** Sets the bit of rowid `r`. */
export const set = (bits: Uint32Array, r: number) => {
  bits[r >>> 5]! |= 1 << (r & 31);
};

/** Bitsets intersected into a new one (null for none). */
export function and(sets: Uint32Array[]): Uint32Array | null {
  const [first, ...rest] = sets;
  if (!first) return null;
  const out = Uint32Array.from(first);
  for (const b of rest) for (let w = 0; w < out.length; w++) out[w]! &= b[w]!;
  return out;
}

/** Clears in `bits` every bit set in `not`. */
export function andNot(bits: Uint32Array, not: Uint32Array): void {
  for (let w = 0; w < bits.length; w++) bits[w]! &= ~not[w]!;
}

/** How many bits are set (a population count, word by word). */
export function count(bits: Uint32Array): number {
  let total = 0;
  for (const w of bits) {
    let x = w - ((w >>> 1) & 0x55555555);
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    total += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/** Calls `fn` with every set rowid, ascending, or descending with `down`. */
export function eachSet(bits: Uint32Array, fn: (r: number) => void, down = false): void {
  if (!down) {
    for (let w = 0; w < bits.length; w++) {
      let x = bits[w]!;
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        fn((w << 5) | (31 - Math.clz32(low)));
      }
    }
    return;
  }
  for (let w = bits.length - 1; w >= 0; w--) {
    let x = bits[w]!;
    while (x !== 0) {
      const b = 31 - Math.clz32(x);
      x ^= 1 << b;
      fn((w << 5) | b);
    }
  }
}

/** The best `n` rows by rank after `after`, kept sorted (n ≤ 61: an insertion is cheap). */
export function topByRank(n: number, after: number) {
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
export function intersect(lists: Int32Array[]): Int32Array {
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
export function minus(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let k = 0;
  let j = 0;
  for (const r of a) {
    while (j < b.length && b[j]! < r) j++;
    if (j >= b.length || b[j] !== r) out[k++] = r;
  }
  return out.subarray(0, k);
}
