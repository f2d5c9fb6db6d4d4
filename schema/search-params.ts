import { resolveCategory } from './catalog/category-aliases.ts';
import { topicTileNamed } from './catalog/home-grid.ts';
import { topicQuery, topicTitle } from './catalog/topics.ts';
import { ambiguousPlaceMessage, localityIn, placeKey, resolvePlaceName } from './place-names.ts';
import {
  effectiveSort,
  PRICE_FILTERS,
  type PriceFilter,
  SEARCH_PAGE,
  SEARCH_SORTS,
  type SearchParams,
  type SearchSort,
} from './search.ts';

/**
 * Reading a search from a query string (REST) or a socket request: generous in what it accepts (names
 * without diacritics or case, slugs, a locality typed where the county goes), exact in what it passes on
 * (canonical names, see SearchParams). Its own module, apart from search.ts, because it needs the
 * locality list (~100 kB), which the listing page's light path does not load.
 */

const SUBIECT_MAX = 100;

export type ParsedSearch = { ok: true; params: SearchParams } | { ok: false; error: string; field: string };

export const SEARCH_ERRORS = {
  qLong: `Textul căutat poate avea cel mult ${200} de caractere.`,
  subiectLong: `Subiectul poate avea cel mult ${SUBIECT_MAX} de caractere.`,
  category: (c: string) => `Categoria „${c}” nu există.`,
  judet: (j: string) => `Județul sau localitatea „${j}” nu există.`,
  ambiguous: ambiguousPlaceMessage,
  localitate: (l: string, j: string) => `Localitatea „${l}” nu se află în județul ${j}.`,
  pret: `Filtrul de preț trebuie să fie unul dintre: ${PRICE_FILTERS.join(', ')}.`,
  sort: `Ordonarea trebuie să fie una dintre: ${SEARCH_SORTS.join(', ')}.`,
  owner: 'Identificatorul vânzătorului nu este valid.',
  limit: `Numărul de anunțuri pe pagină trebuie să fie între 1 și ${SEARCH_PAGE.max}.`,
  cursor: 'Pagina cerută nu este validă: reia căutarea de la început.',
  text: (field: string) => `Parametrul „${field}” trebuie să fie un text.`,
} as const;

const Q_MAX = 200;

const key = placeKey;

type Place = { judet?: string; localitate?: string } | { error: string; field: string };

/**
 * `judet`: 'Toată țara' or nothing (whole country), a county, a locality ('Pitești' → Argeș, Pitești) or
 * 'Locality, County' as formatLocation writes it. `localitate` narrows a county; alone, it is looked up
 * like a locality given as `judet`.
 */
function resolvePlace(judetRaw: string | undefined, localitateRaw: string | undefined): Place {
  let judet: string | undefined;
  let localitate: string | undefined;
  if (judetRaw !== undefined) {
    const place = resolvePlaceName(judetRaw);
    // The whole country: a locality means nothing there.
    if (place.kind === 'country') return {};
    if (place.kind === 'unknown') return { error: SEARCH_ERRORS.judet(judetRaw), field: 'judet' };
    if (place.kind === 'ambiguous')
      return { error: SEARCH_ERRORS.ambiguous(place.name, place.counties), field: 'judet' };
    judet = place.county;
    if (place.localitate) localitate = place.localitate;
  }
  if (localitateRaw !== undefined) {
    if (judet === undefined) return resolvePlace(localitateRaw, undefined);
    const own = localityIn(judet, localitateRaw);
    if (!own) return { error: SEARCH_ERRORS.localitate(localitateRaw, judet), field: 'localitate' };
    localitate = own;
  }
  return { judet, localitate };
}

/** One text value: the router or a query string may give a number, or a repeated key as an array. */
function text(raw: unknown, field: string): { value?: string; error?: string } {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || v === null) return {};
  if (typeof v === 'number' && Number.isFinite(v)) return { value: String(v) };
  if (typeof v !== 'string') return { error: SEARCH_ERRORS.text(field) };
  const t = v.normalize('NFC').trim();
  return t === '' ? {} : { value: t };
}

const isId = (s: string) => /^[0-9a-f]{24}$/.test(s);

/**
 * Validates and resolves a search. Unknown keys are ignored (a listing URL also carries `view`). Empty
 * values mean "no filter"; 'toate' is every category and 'Toată țara' every place.
 */
export function parseSearchParams(raw: Record<string, unknown>): ParsedSearch {
  const fields: Record<string, string | undefined> = {};
  for (const f of [
    'q',
    'subiect',
    'category',
    'judet',
    'localitate',
    'pret',
    'sort',
    'owner',
    'cursor',
    'limit',
    'exact',
  ]) {
    const t = text(raw[f], f);
    if (t.error) return { ok: false, error: t.error, field: f };
    fields[f] = t.value;
  }
  const fail = (field: string, error: string): ParsedSearch => ({ ok: false, error, field });
  const params: SearchParams = {};

  if (fields.q !== undefined) {
    if (fields.q.length > Q_MAX) return fail('q', SEARCH_ERRORS.qLong);
    params.q = fields.q;
  }
  if (fields.category !== undefined && key(fields.category) !== 'toate') {
    const category = resolveCategory(fields.category);
    // A home tile's word ('Sport', 'Gradinarit') where a category was expected: the tile's own page, its
    // topic in its category or in all of them (issue 25), unless a topic was asked for as well.
    const tile = category ? undefined : topicTileNamed(fields.category);
    if (!category && !tile) return fail('category', SEARCH_ERRORS.category(fields.category));
    if (category) params.category = category;
    if (tile?.category) params.category = tile.category;
    if (tile && fields.subiect === undefined) fields.subiect = tile.name;
  }
  if (fields.subiect !== undefined) {
    if (fields.subiect.length > SUBIECT_MAX) return fail('subiect', SEARCH_ERRORS.subiectLong);
    // A topic of words that say nothing ('de', 'și') is no filter.
    const topic = topicQuery(fields.subiect, params.category);
    if (topic.groups.length > 0) {
      params.subiect = topicTitle(fields.subiect);
      params.topic = topic;
    }
  }
  const place = resolvePlace(fields.judet, fields.localitate);
  if ('error' in place) return fail(place.field, place.error);
  if (place.judet) params.judet = place.judet;
  if (place.localitate) params.localitate = place.localitate;
  if (fields.pret !== undefined) {
    if (!(PRICE_FILTERS as readonly string[]).includes(fields.pret)) return fail('pret', SEARCH_ERRORS.pret);
    params.pret = fields.pret as PriceFilter;
  }
  if (fields.sort !== undefined) {
    if (!(SEARCH_SORTS as readonly string[]).includes(fields.sort)) return fail('sort', SEARCH_ERRORS.sort);
    params.sort = fields.sort as SearchSort;
  }
  if (fields.owner !== undefined) {
    if (!isId(fields.owner)) return fail('owner', SEARCH_ERRORS.owner);
    params.owner = fields.owner;
  }
  if (fields.limit !== undefined) {
    const n = Number(fields.limit);
    if (!Number.isInteger(n) || n < 1 || n > SEARCH_PAGE.max) return fail('limit', SEARCH_ERRORS.limit);
    params.limit = n;
  }
  // 'Caută exact …' after a corrected spelling: any value but 0/false/nu asks for the words as typed.
  if (fields.exact !== undefined && !/^(0|false|nu)$/i.test(fields.exact)) params.exact = true;
  if (fields.cursor !== undefined) {
    const cursor = decodeCursor(fields.cursor);
    if (!cursor || cursor.s !== effectiveSort(params.q, params.sort, !!params.topic))
      return fail('cursor', SEARCH_ERRORS.cursor);
    params.cursor = fields.cursor;
  }
  return { ok: true, params };
}

// ---- Cursors: where the next page starts, opaque to clients (base64url of a small JSON) ----

/**
 * The last row of a page in the order of its sort (keyset), or, for relevance, how many rows came before
 * (offset: BM25 scores are not stored, so there is no key to continue from).
 */
export type SearchCursor =
  | { s: 'relevance'; o: number }
  | { s: 'recent'; c: string; i: string }
  | { s: 'price-asc' | 'price-desc'; p: number | null; c: string; i: string }
  | { s: 'title'; t: string; c: string; i: string };

const CURSOR_MAX = 1000;

function toBase64Url(s: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(s)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null;
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeCursor(c: SearchCursor): string {
  return toBase64Url(JSON.stringify(c));
}

/** The cursor, or null when it is not one of ours (tampered with, truncated, another format). */
export function decodeCursor(raw: string): SearchCursor | null {
  if (raw.length > CURSOR_MAX) return null;
  const json = fromBase64Url(raw);
  if (json === null) return null;
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const c = v as Record<string, unknown>;
  const str = (x: unknown) => typeof x === 'string' && x.length <= 300;
  switch (c.s) {
    case 'relevance':
      return Number.isSafeInteger(c.o) && (c.o as number) >= 0 ? { s: 'relevance', o: c.o as number } : null;
    case 'recent':
      return str(c.c) && str(c.i) ? { s: 'recent', c: c.c as string, i: c.i as string } : null;
    case 'price-asc':
    case 'price-desc':
      return (c.p === null || Number.isSafeInteger(c.p)) && str(c.c) && str(c.i)
        ? { s: c.s, p: c.p as number | null, c: c.c as string, i: c.i as string }
        : null;
    case 'title':
      return str(c.t) && str(c.c) && str(c.i)
        ? { s: 'title', t: c.t as string, c: c.c as string, i: c.i as string }
        : null;
    default:
      return null;
  }
}
