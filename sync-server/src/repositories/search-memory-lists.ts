import { bitset, set } from './search-bits.ts';

/** A word group's or filter's rowids, sorted; and as a bitset once a broad search needed it. */
export type Listed = { key: string; ids: Int32Array; bits?: Uint32Array };

/**
 * The lists a search thread keeps (search-memory.ts): most recently used last, within a budget of
 * entries (rowids and bitset words, 4 bytes each); the least recently used go first, never the one just
 * used. Only what is kept is counted: a bitset made for a list already dropped belongs to its search.
 */
export function listCache(budget: number) {
  const lists = new Map<string, Listed>();
  let entries = 0;
  const evict = (spare: string) => {
    for (const [k, v] of lists) {
      if (entries <= budget || k === spare) break;
      lists.delete(k);
      entries -= v.ids.length + (v.bits?.length ?? 0);
    }
  };
  return {
    /** The kept list of `key`, now the most recently used; undefined when not kept. */
    get(key: string): Listed | undefined {
      const kept = lists.get(key);
      if (kept) {
        lists.delete(key);
        lists.set(key, kept);
      }
      return kept;
    },
    keep(entry: Listed): Listed {
      lists.set(entry.key, entry);
      entries += entry.ids.length + (entry.bits?.length ?? 0);
      evict(entry.key);
      return entry;
    },
    /** The list as a bitset of rowids 0..top (kept with it; rowids past top are new rows, dirty). */
    bitsOf(l: Listed, top: number): Uint32Array {
      if (l.bits) return l.bits;
      const bits = bitset(top);
      for (const r of l.ids) if (r <= top) set(bits, r);
      l.bits = bits;
      if (lists.get(l.key) === l) {
        entries += bits.length;
        evict(l.key);
      }
      return bits;
    },
    /** Entries counted against the budget. */
    get entries() {
      return entries;
    },
    /** Keys kept, least recently used first. */
    keys: () => [...lists.keys()],
  };
}

export type ListCache = ReturnType<typeof listCache>;
