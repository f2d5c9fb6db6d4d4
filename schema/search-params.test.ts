import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, parseSearchParams, type SearchCursor } from './search-params.ts';

const ok = (raw: Record<string, unknown>) => {
  const r = parseSearchParams(raw);
  if (!r.ok) throw new Error(r.error);
  return r.params;
};
const error = (raw: Record<string, unknown>) => {
  const r = parseSearchParams(raw);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(raw)}`);
  return r;
};

describe('parseSearchParams', () => {
  it('takes nothing as the whole catalogue, and ignores keys it does not know (view=list)', () => {
    expect(ok({})).toEqual({});
    expect(ok({ q: '  ', category: '', judet: '', pret: '', sort: '', view: 'list' })).toEqual({});
    expect(ok({ q: ' Tort  ciocolată ' })).toEqual({ q: 'Tort  ciocolată' });
    // The router reads ?q=2024 as a number.
    expect(ok({ q: 2024 })).toEqual({ q: '2024' });
    // A repeated key: the first value.
    expect(ok({ q: ['tort', 'vin'] })).toEqual({ q: 'tort' });
  });

  it('finds a category by its name, its slug, or its name typed without diacritics', () => {
    const cakes = 'Prăjituri, Băcănie, Gătit';
    for (const category of [
      cakes,
      'prajituri-bacanie-gatit',
      'prajituri bacanie gatit',
      'PRAJITURI, BACANIE, GATIT',
    ])
      expect(ok({ category }).category, category).toBe(cakes);
    expect(ok({ category: 'meditatii & cursuri' }).category).toBe('Meditații & Cursuri');
    expect(ok({ category: 'toate' }).category).toBeUndefined();
    expect(ok({ category: 'Toate' }).category).toBeUndefined();
    expect(error({ category: 'Astrologie' })).toMatchObject({
      field: 'category',
      error: 'Categoria „Astrologie” nu există.',
    });
  });

  it('a home tile’s word as the category gives the tile’s own page (issue 25)', () => {
    for (const [word, tile] of [
      ['Gradinarit', 'Grădinărit'],
      ['sport', 'Sport'],
      ['ARTA', 'Artă'],
      ['Tehnologie', 'Tehnologie'],
    ] as const) {
      const asCategory = parseSearchParams({ category: word });
      const asTile = parseSearchParams({ subiect: tile });
      expect(asCategory.ok, word).toBe(true);
      expect(asCategory, word).toEqual(asTile);
    }
    expect(parseSearchParams({ category: 'Astrologie' }).ok).toBe(false);
  });

  it('finds a county without diacritics, and the whole country means no place', () => {
    expect(ok({ judet: 'iasi' })).toEqual({ judet: 'Iași' });
    expect(ok({ judet: 'Bistrita Nasaud' })).toEqual({ judet: 'Bistrița-Năsăud' });
    expect(ok({ judet: 'bucuresti' })).toEqual({ judet: 'București' });
    expect(ok({ judet: 'Toată țara', localitate: 'Florești' })).toEqual({});
    expect(ok({ judet: 'toata tara' })).toEqual({});
    expect(error({ judet: 'Atlantida' })).toMatchObject({ field: 'judet' });
  });

  it('resolves a locality in its county, or given alone, or where the county goes', () => {
    expect(ok({ judet: 'Cluj', localitate: 'floresti' })).toEqual({ judet: 'Cluj', localitate: 'Florești' });
    expect(ok({ judet: 'Pitesti' })).toEqual({ judet: 'Argeș', localitate: 'Pitești' });
    expect(ok({ localitate: 'Pitești' })).toEqual({ judet: 'Argeș', localitate: 'Pitești' });
    expect(ok({ judet: 'Florești, Cluj' })).toEqual({ judet: 'Cluj', localitate: 'Florești' });
    // A county name is the county, even where a locality has the same name.
    expect(ok({ judet: 'Călărași' })).toEqual({ judet: 'Călărași' });
    // Three counties, one of them a town (the county seat of Ialomița): the town is meant.
    expect(parseSearchParams({ judet: 'slobozia' })).toEqual({
      ok: true,
      params: { judet: 'Ialomița', localitate: 'Slobozia' },
    });
    const twice = error({ judet: 'Florești' });
    expect(twice.field).toBe('judet');
    expect(twice.error).toMatch(
      /^Localitatea „Florești” există în mai multe județe \(.*Cluj.*\): alege și județul\.$/,
    );
    expect(error({ judet: 'Cluj', localitate: 'Pitești' })).toMatchObject({
      field: 'localitate',
      error: 'Localitatea „Pitești” nu se află în județul Cluj.',
    });
  });

  it('checks the price band, the order, the seller, the page size', () => {
    expect(
      ok({ pret: 'under50', sort: 'price-asc', limit: '60', owner: '0123456789abcdef01234567' }),
    ).toEqual({
      pret: 'under50',
      sort: 'price-asc',
      limit: 60,
      owner: '0123456789abcdef01234567',
    });
    expect(ok({ sort: 'relevance' })).toEqual({ sort: 'relevance' });
    expect(error({ pret: 'ieftin' }).field).toBe('pret');
    expect(error({ sort: 'popular' }).field).toBe('sort');
    expect(error({ owner: 'nu-e-id' }).field).toBe('owner');
    for (const limit of ['0', '61', '2.5', 'zece', -1])
      expect(error({ limit }).field, String(limit)).toBe('limit');
    expect(error({ q: 'a'.repeat(201) }).field).toBe('q');
    expect(error({ q: { $gt: '' } }).field).toBe('q');
  });

  it('resolves a topic to its title and query, in its category; a topic of empty words is no filter', () => {
    const honey = ok({ subiect: ' miere de albine ', category: 'prajituri-bacanie-gatit' });
    expect(honey).toMatchObject({ subiect: 'Miere de albine', category: 'Prăjituri, Băcănie, Gătit' });
    expect(honey.topic?.groups.flat()).toEqual(
      expect.arrayContaining([
        { term: 'miere', prefix: false },
        { term: 'apicol', prefix: true },
      ]),
    );
    // Inside Fotografie, 'fotografie' says nothing: only the wedding word is required, in its forms.
    expect(ok({ subiect: 'Fotografie de nuntă', category: 'Fotografie' }).topic).toEqual({
      groups: [
        [
          { term: 'nunta', prefix: false },
          { term: 'nunt', prefix: false },
        ],
      ],
      not: [],
    });
    expect(ok({ subiect: 'de și' })).toEqual({});
    expect(error({ subiect: 'x'.repeat(101) })).toMatchObject({ field: 'subiect' });
    // A topic ranks by relevance by default, like words: a relevance cursor belongs to it.
    const rel = encodeCursor({ s: 'relevance', o: 24 });
    expect(ok({ subiect: 'Sport', cursor: rel }).cursor).toBe(rel);
    const recent = encodeCursor({ s: 'recent', c: '2026-01-01T00:00:00.000Z', i: 'a'.repeat(24) });
    expect(error({ subiect: 'Sport', cursor: recent })).toMatchObject({ field: 'cursor' });
  });

  it('accepts a cursor of the same order only', () => {
    const recent = encodeCursor({ s: 'recent', c: '2026-01-01T00:00:00.000Z', i: 'a'.repeat(24) });
    expect(ok({ cursor: recent }).cursor).toBe(recent);
    expect(ok({ q: '', sort: 'relevance', cursor: recent }).cursor).toBe(recent);
    expect(error({ q: 'tort', cursor: recent })).toMatchObject({
      field: 'cursor',
      error: 'Pagina cerută nu este validă: reia căutarea de la început.',
    });
    const rel = encodeCursor({ s: 'relevance', o: 24 });
    expect(ok({ q: 'tort', cursor: rel }).cursor).toBe(rel);
    for (const bad of ['', 'x', '!!!', 'eyJzIjoi', encodeCursor({ s: 'title' } as unknown as SearchCursor)])
      expect(parseSearchParams({ cursor: bad }).ok, bad).toBe(bad === '');
  });
});

describe('cursors', () => {
  it('round-trip through base64url, Romanian title keys included', () => {
    const cursors: SearchCursor[] = [
      { s: 'relevance', o: 48 },
      { s: 'recent', c: '2026-01-01T00:00:00.000Z', i: '0123456789abcdef01234567' },
      { s: 'price-asc', p: null, c: 'x', i: 'y' },
      { s: 'price-desc', p: 120, c: 'x', i: 'y' },
      { s: 'title', t: 'tort\uffe1 de ciocolata\uffe1', c: 'x', i: 'y' },
    ];
    for (const c of cursors) {
      const raw = encodeCursor(c);
      expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(raw)).toEqual(c);
    }
  });

  it('refuses what is not one of ours', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    for (const raw of [
      b64('[]'),
      b64('null'),
      b64('{"s":"relevance","o":-1}'),
      b64('{"s":"relevance","o":1.5}'),
      b64('{"s":"recent","c":1,"i":"y"}'),
      b64('{"s":"price-asc","p":"5","c":"x","i":"y"}'),
      b64('{"s":"nope"}'),
      b64('nu e json'),
      'a'.repeat(1001),
      '%%%',
    ])
      expect(decodeCursor(raw), raw).toBeNull();
  });
});
