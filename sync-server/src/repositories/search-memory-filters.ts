import { COUNTRY_WIDE } from '../../../schema/constants.ts';
import type { SearchParams } from '../../../schema/search.ts';
import { and, bitset, set } from './search-bits.ts';
import type { ListCache } from './search-memory-lists.ts';
import { inPriceBand } from './search-memory-rows.ts';

/**
 * The filters' columns of every public row, by rowid (0: not public when read), as small codes: the
 * place filters of filterConds (search-sql.ts) checked in memory (search-memory.ts) instead of listing
 * 'Toată țara' (100k rows) per search.
 */
export type Attrs = {
  codes: { category: Map<string, number>; location: Map<string, number>; localitate: Map<string, number> };
  category: Uint8Array;
  location: Uint8Array;
  localitate: Uint16Array;
  /** NaN: no price. */
  price: Float64Array;
};

type Coded = [rowid: number, category: string, location: string, localitate: string, price: number | null];

/** The codes of the public rows up to `top`; 'too many' distinct values for the arrays' widths. */
export function filterCodes(rows: Iterable<Coded>, top: number): Attrs | 'too many' {
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
    category: new Uint8Array(top + 1),
    location: new Uint8Array(top + 1),
    localitate: new Uint16Array(top + 1),
    price: new Float64Array(top + 1).fill(Number.NaN),
  };
  for (const [r, category, location, localitate, price] of rows) {
    out.category[r] = code(codes.category, category);
    out.location[r] = code(codes.location, location);
    out.localitate[r] = code(codes.localitate, localitate);
    if (price !== null) out.price[r] = price;
  }
  // Past these sizes the codes would wrap: such a catalogue's filtered searches are the plans'.
  if (codes.category.size > 255 || codes.location.size > 255 || codes.localitate.size > 65_535)
    return 'too many';
  return out;
}

/** A bitset of the rowids 0..top whose codes pass `test`, kept with the lists under `key`. */
function codeBits(lists: ListCache, top: number, key: string, test: (r: number) => boolean): Uint32Array {
  const kept = lists.get(key);
  if (kept?.bits) return kept.bits;
  const bits = bitset(top);
  for (let r = 0; r <= top; r++) if (test(r)) set(bits, r);
  lists.keep({ key, ids: new Int32Array(0), bits });
  return bits;
}

/**
 * The category, place and price filters (filterConds) as one bitset of the rows that passed them when
 * their codes were read; null without such filters.
 */
export function filterMask(a: Attrs, lists: ListCache, top: number, p: SearchParams): Uint32Array | null {
  const masks: Uint32Array[] = [];
  if (p.category) {
    const cat = a.codes.category.get(p.category) ?? -1;
    masks.push(codeBits(lists, top, `#category ${p.category}`, (r) => a.category[r] === cat));
  }
  if (p.judet) {
    const county = a.codes.location.get(p.judet) ?? -1;
    const everywhere = a.codes.location.get(COUNTRY_WIDE) ?? -1;
    const loc = p.localitate ? (a.codes.localitate.get(p.localitate) ?? -1) : 0;
    const none = a.codes.localitate.get('') ?? -1;
    masks.push(
      codeBits(lists, top, `#place ${p.judet} ${p.localitate ?? ''}`, (r) => {
        const l = a.location[r];
        if (l === everywhere) return true;
        if (l !== county) return false;
        return !loc || a.localitate[r] === loc || a.localitate[r] === none;
      }),
    );
  }
  if (p.pret) {
    const band = p.pret;
    masks.push(codeBits(lists, top, `#price ${band}`, (r) => inPriceBand(band, a.price[r]!)));
  }
  return and(masks);
}
