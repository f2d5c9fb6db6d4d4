import { describe, expect, it } from 'vitest';
import {
  compareAnnouncements,
  effectiveSort,
  foldDiacritics,
  matchesAllWords,
  matchesPlace,
  matchesPriceFilter,
  matchesSearch,
  type PriceFilter,
  roCollator,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  SORT_OPTIONS,
  type SortOption,
  words,
} from './search.ts';

describe('foldDiacritics', () => {
  it('lower-cases and removes Romanian diacritics, comma-below and cedilla alike', () => {
    expect(foldDiacritics('Prăjituri Își Țară Șură')).toBe('prajituri isi tara sura');
    expect(foldDiacritics('ŞŢşţ')).toBe('stst');
    expect(foldDiacritics('Grădinărit'.normalize('NFD'))).toBe('gradinarit');
    expect(foldDiacritics('Âââ')).toBe('aaa');
  });
});

describe('words', () => {
  it('splits on anything but letters and digits', () => {
    expect(words('  Tort, 3 etaje — de CIOCOLATĂ!  ')).toEqual(['tort', '3', 'etaje', 'de', 'ciocolata']);
    expect(words('')).toEqual([]);
    expect(words(' - ')).toEqual([]);
  });
});

describe('matchesSearch', () => {
  const title = 'Prăjituri de casă';
  const description = 'Cozonaci și torturi pentru orice ocazie.';

  it('matches everything for an empty query', () => {
    expect(matchesSearch('', title, description)).toBe(true);
    expect(matchesSearch('   ', title, description)).toBe(true);
    expect(matchesSearch(' - ', title, description)).toBe(true);
  });

  it('ignores diacritics and case in both the query and the text', () => {
    expect(matchesSearch('prajituri', title, description)).toBe(true);
    expect(matchesSearch('PRĂJITURI', 'Prajituri de casa', '')).toBe(true);
    expect(matchesSearch('și', 'Fotografie', 'Nunti si botezuri')).toBe(true);
    expect(matchesSearch('şi', 'Fotografie', 'Nunți și botezuri')).toBe(true);
  });

  it('takes the last word as the beginning of a word (the person may still be typing it)', () => {
    expect(matchesSearch('praji', title, description)).toBe(true);
    expect(matchesSearch('cozonaci tort', title, description)).toBe(true);
    expect(matchesSearch('c', title, description)).toBe(true);
  });

  it('needs every other word whole: a part of a word is not a match', () => {
    expect(matchesSearch('praji casa', title, description)).toBe(false);
    expect(matchesSearch('prajituri casa', title, description)).toBe(true);
    // Another form of the same word is a match (issue 20), a longer word that merely begins alike is not
    // (issue 11: "ceasuri" found 7 unrelated announcements of 8 through "ceas…").
    expect(matchesSearch('cozonacii', title, description)).toBe(true);
    expect(matchesSearch('ceasuri', 'Reparații de ceas', 'Ceas de mână, baterii și curele')).toBe(true);
    expect(matchesSearch('ceas', 'Reparații ceasuri', '')).toBe(true);
    expect(matchesSearch('ceasornic', 'Reparații ceasuri', '')).toBe(false);
    expect(matchesSearch('casete casa', 'Casă de vacanță', '')).toBe(false);
  });

  it('needs every query word to match, in the title or the description', () => {
    expect(matchesSearch('prajituri torturi', title, description)).toBe(true);
    expect(matchesSearch('torturi prajituri', title, description)).toBe(true);
    expect(matchesSearch('prajituri chitara', title, description)).toBe(false);
    expect(matchesSearch('chitara', 'Lecții de chitară', '')).toBe(true);
    expect(matchesSearch('vioara', 'Lecții de chitară', '')).toBe(false);
  });

  it('splits words as the server index does: punctuation and symbols separate, digits are letters', () => {
    expect(matchesSearch('3d', 'Modelare 3D', '')).toBe(true);
    expect(matchesSearch('cluj napoca', 'Fotograf în Cluj-Napoca', '')).toBe(true);
    expect(matchesSearch('clujnapoca', 'Fotograf în Cluj-Napoca', '')).toBe(false);
    expect(matchesSearch('e-mail', 'Scriu un e‑mail', 'mail')).toBe(true);
  });
});

describe('matchesAllWords', () => {
  const fields = ['Tort de ciocolată', '68b9f2a1c3d4e5f601234567', 'Cluj-Napoca, Cluj'];

  it('matches when every query word is inside some field', () => {
    expect(matchesAllWords('', fields)).toBe(true);
    expect(matchesAllWords('ciocolata napoca', fields)).toBe(true);
    expect(matchesAllWords('601234567', fields)).toBe(true);
    expect(matchesAllWords('TORT cluj', fields)).toBe(true);
  });

  it('fails when one word is missing, and does not match the other way round', () => {
    expect(matchesAllWords('tort iasi', fields)).toBe(false);
    expect(matchesAllWords('ciocolatalapte', fields)).toBe(false);
  });
});

describe('roCollator', () => {
  it('sorts in Romanian order and ignores case', () => {
    expect(['Tort', 'Șal', 'Sac', 'ăla', 'Ana'].sort(roCollator.compare)).toEqual([
      'Ana',
      'ăla',
      'Sac',
      'Șal',
      'Tort',
    ]);
    expect(roCollator.compare('tort', 'TORT')).toBe(0);
  });
});

describe('listing filters', () => {
  it('price filters follow the spec bounds; no price matches none', () => {
    const pick = (f: PriceFilter) => [0, 1, 50, 51, 100, 101, null].filter((p) => matchesPriceFilter(p, f));
    expect(pick('free')).toEqual([0]);
    expect(pick('under50')).toEqual([1, 50]);
    expect(pick('under100')).toEqual([51, 100]);
    expect(pick('over100')).toEqual([101]);
    expect(matchesPriceFilter(null, undefined)).toBe(true);
  });

  it('sorts by price with unpriced last, by title in Romanian order, newest first by default', () => {
    const list = [
      { id: 'a1', title: 'Ștrudel', price: 30, createdAt: '2026-01-02' },
      { id: 'a2', title: 'Sarmale', price: null, createdAt: '2026-01-03' },
      { id: 'a3', title: 'Țuică', price: 10, createdAt: '2026-01-01' },
      { id: 'a4', title: 'Tort', price: 0, createdAt: '2026-01-04' },
    ];
    const titles = (s: SortOption) => [...list].sort(compareAnnouncements(s)).map((a) => a.title);
    expect(titles('recent')).toEqual(['Tort', 'Sarmale', 'Ștrudel', 'Țuică']);
    expect(titles('price-asc')).toEqual(['Tort', 'Țuică', 'Ștrudel', 'Sarmale']);
    expect(titles('price-desc')).toEqual(['Ștrudel', 'Țuică', 'Tort', 'Sarmale']);
    // Romanian order: S < Ș < T < Ț.
    expect(titles('title')).toEqual(['Sarmale', 'Ștrudel', 'Tort', 'Țuică']);
  });

  it('is a total order: equal keys fall back to the newest, then to the id (as the server pages)', () => {
    const same = { title: 'Tort', price: 50, createdAt: '2026-01-01' };
    const list = [
      { ...same, id: 'b' },
      { ...same, id: 'c', createdAt: '2026-02-01' },
      { ...same, id: 'a' },
      { ...same, id: 'd', price: null },
      { ...same, id: 'e', price: null },
    ];
    for (const s of SORT_OPTIONS) {
      const ids = [...list].sort(compareAnnouncements(s)).map((a) => a.id);
      const expected =
        s === 'recent' || s === 'title' ? ['c', 'e', 'd', 'b', 'a'] : ['c', 'b', 'a', 'e', 'd'];
      expect(ids, s).toEqual(expected);
      // Whatever the starting order.
      expect(
        [...list]
          .reverse()
          .sort(compareAnnouncements(s))
          .map((a) => a.id),
        s,
      ).toEqual(expected);
    }
    // Title order ignores case and accents other than the Romanian letters, like titleSortKey.
    const t = (title: string, id: string) => ({ title, id, price: 1, createdAt: '2026-01-01' });
    expect(
      [t('tort', '1'), t('Tort', '2'), t('TORȚI', '3'), t('Tórt', '4')]
        .sort(compareAnnouncements('title'))
        .map((a) => a.id),
    ).toEqual(['4', '2', '1', '3']);
  });

  it('chooses relevance for words, newest first without them, the asked order otherwise', () => {
    expect(SEARCH_SORTS).toEqual(['relevance', 'recent', 'price-asc', 'price-desc', 'title']);
    expect(SEARCH_SORT_LABELS.relevance).toBe('Relevanță');
    expect(effectiveSort('tort', undefined)).toBe('relevance');
    expect(effectiveSort(' - ', undefined)).toBe('recent');
    expect(effectiveSort(undefined, undefined)).toBe('recent');
    expect(effectiveSort('', 'relevance')).toBe('recent');
    expect(effectiveSort('tort', 'title')).toBe('title');
    expect(effectiveSort('', 'price-asc')).toBe('price-asc');
  });

  it('a place matches its county, county-wide and country-wide offers', () => {
    const at = (location: string, localitate: string) => ({ location, localitate });
    expect(matchesPlace(at('Cluj', 'Florești'), 'Cluj', undefined)).toBe(true);
    expect(matchesPlace(at('Iași', 'Iași'), 'Cluj', undefined)).toBe(false);
    expect(matchesPlace(at('Toată țara', ''), 'Cluj', 'Florești')).toBe(true);
    expect(matchesPlace(at('Cluj', ''), 'Cluj', 'Florești')).toBe(true);
    expect(matchesPlace(at('Cluj', 'Cluj-Napoca'), 'Cluj', 'Florești')).toBe(false);
    expect(matchesPlace(at('Cluj', 'Floresti'), 'Cluj', 'Florești')).toBe(true);
    expect(matchesPlace(at('Iași', 'Iași'), undefined, undefined)).toBe(true);
  });
});
