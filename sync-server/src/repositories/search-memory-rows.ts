import { COUNTRY_WIDE } from '../../../schema/constants.ts';
import type { SearchParams } from '../../../schema/search.ts';
import type { Phrase, TextQuery } from '../../../schema/text.ts';
import { type Keyed, ROW_ORDER, type Row } from './search-sql.ts';

/**
 * A row changed since the memory's state was made (search-memory.ts), read from the table and checked in
 * JS by the same rules as the SQL plans: filterConds and the FTS5 match (search-sql.ts).
 */
export type DirtyRow = Row & {
  category: string;
  location: string;
  localitate: string;
  owner_id: string;
  public: number;
  /** ' ' + analysed title + ' ' + analysed text + ' ': tokens between spaces. */
  text: string;
};

/** True when a price is in a band of the price filter (`pret`), as filterConds says. */
export function inPriceBand(band: NonNullable<SearchParams['pret']>, x: number): boolean {
  return band === 'free'
    ? x === 0
    : band === 'under50'
      ? x > 0 && x <= 50
      : band === 'under100'
        ? x > 50 && x <= 100
        : x > 100;
}

/** The filters of filterConds (search-sql.ts) on a read row. */
export function passesFilters(r: DirtyRow, p: SearchParams): boolean {
  if (!r.public) return false;
  if (p.category && r.category !== p.category) return false;
  if (p.judet) {
    if (r.location !== p.judet && r.location !== COUNTRY_WIDE) return false;
    if (p.localitate && r.location !== COUNTRY_WIDE && r.localitate !== p.localitate && r.localitate !== '')
      return false;
  }
  if (p.pret && (r.price === null || !inPriceBand(p.pret, r.price))) return false;
  if (p.owner && r.owner_id !== p.owner) return false;
  return true;
}

/** The FTS5 match of a text query on the analysed columns (a token equal to a term, or starting with it). */
const holds = (text: string, ph: Phrase) => text.includes(ph.prefix ? ` ${ph.term}` : ` ${ph.term} `);
export const matchesText = (text: string, t: TextQuery) =>
  t.groups.every((g) => g.some((ph) => holds(text, ph))) && !t.not.some((ph) => holds(text, ph));

/** A cursor's keys as a row, to compare rows with it by the exact order. */
export function keysOf(c: Keyed): Row {
  const k = c as { c: string; i: string; p?: number | null; t?: string };
  return { r: 0, id: k.i, created_at: k.c, price: k.p ?? null, title_key: k.t ?? '' };
}

/**
 * The `k` newest of the clean matches (rowids, newest first) and the changed ones, by the exact order:
 * only the last `changed.length` clean rows can be pushed out, so only their keys are read (`read`).
 */
export function withChanged(
  clean: number[],
  changed: Row[],
  k: number,
  read: (rowids: number[]) => Row[],
): number[] {
  if (changed.length === 0) return clean.slice(0, k);
  const sure = Math.max(0, Math.min(clean.length, k - changed.length));
  const rest = [...read(clean.slice(sure)), ...changed].sort(ROW_ORDER.recent).slice(0, k - sure);
  return [...clean.slice(0, sure), ...rest.map((x) => x.r)];
}
