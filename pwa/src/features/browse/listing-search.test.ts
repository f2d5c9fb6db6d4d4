import { describe, expect, it } from 'vitest';
import { parseListingSearch } from './listing-search.ts';

describe('listing URL parameters', () => {
  it('keeps known values and drops defaults, unknown values and a locality without its county', () => {
    expect(
      parseListingSearch({
        q: 'tort',
        judet: 'Cluj',
        localitate: 'Florești',
        pret: 'over100',
        sort: 'title',
        view: 'list',
      }),
    ).toEqual({
      q: 'tort',
      judet: 'Cluj',
      localitate: 'Florești',
      pret: 'over100',
      sort: 'title',
      view: 'list',
    });
    expect(parseListingSearch({ sort: 'recent', view: 'grid', pret: 'cheap', q: '  ' })).toEqual({
      q: undefined,
      judet: undefined,
      localitate: undefined,
      pret: undefined,
      sort: undefined,
      view: undefined,
    });
    expect(parseListingSearch({ localitate: 'Florești' }).localitate).toBeUndefined();
    // With a query the default is relevance: 'Cele mai noi' is then a choice and stays.
    expect(parseListingSearch({ q: 'tort', sort: 'recent' }).sort).toBe('recent');
    expect(parseListingSearch({ q: 'tort', sort: 'relevance' }).sort).toBeUndefined();
    expect(parseListingSearch({ sort: 'relevance' }).sort).toBeUndefined();
  });

  it('keeps a topic, whose default order is relevance too', () => {
    expect(parseListingSearch({ subiect: 'Miere de albine' }).subiect).toBe('Miere de albine');
    expect(parseListingSearch({ subiect: 'Sport', sort: 'recent' }).sort).toBe('recent');
    expect(parseListingSearch({ subiect: 'Sport', sort: 'relevance' }).sort).toBeUndefined();
    expect(parseListingSearch({ subiect: ' ' }).subiect).toBeUndefined();
  });

  it('reads a numeric query back as the text that was typed', () => {
    expect(parseListingSearch({ q: 2024 }).q).toBe('2024');
  });

  it("keeps 'Caută exact' however the URL writes it, and nothing else for it", () => {
    for (const v of [true, 1, '1']) expect(parseListingSearch({ q: 'fotografe', exact: v }).exact).toBe(true);
    for (const v of [false, 0, '0', 'da', undefined])
      expect(parseListingSearch({ q: 'fotografe', exact: v }).exact, String(v)).toBeUndefined();
  });

  it('keeps any other order and the list view, and drops values it does not know', () => {
    expect(parseListingSearch({ sort: 'price-desc', view: 'list' })).toMatchObject({
      sort: 'price-desc',
      view: 'list',
    });
    expect(parseListingSearch({ sort: 'bogus', view: 'mosaic', pret: 'gratis' })).toMatchObject({
      sort: undefined,
      view: undefined,
      pret: undefined,
    });
  });
});
