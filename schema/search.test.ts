import { describe, expect, it } from 'vitest';
import {
  compareAnnouncements,
  foldDiacritics,
  matchesAllWords,
  matchesPlace,
  matchesPriceFilter,
  matchesSearch,
  type PriceFilter,
  roCollator,
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
  });

  it('ignores diacritics in both the query and the text', () => {
    expect(matchesSearch('prajituri', title, description)).toBe(true);
    expect(matchesSearch('PRĂJITURI', 'Prajituri de casa', '')).toBe(true);
    expect(matchesSearch('și', 'Fotografie', 'Nunti si botezuri')).toBe(true);
    expect(matchesSearch('şi', 'Fotografie', 'Nunți și botezuri')).toBe(true);
  });

  it('matches partially in either direction', () => {
    expect(matchesSearch('praji', title, description)).toBe(true); // query inside a word
    expect(matchesSearch('cozonacii', title, description)).toBe(true); // a word inside the query
  });

  it('needs every query word to match, in title or description', () => {
    expect(matchesSearch('prajituri torturi', title, description)).toBe(true);
    expect(matchesSearch('prajituri chitara', title, description)).toBe(false);
    expect(matchesSearch('chitara', 'Lecții de chitară', '')).toBe(true);
    expect(matchesSearch('vioara', 'Lecții de chitară', '')).toBe(false);
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

  it('short text words do not match every query through the reverse direction', () => {
    expect(matchesSearch('decoratiuni', 'Tort', 'Tort de ciocolată la comandă')).toBe(false);
    expect(matchesSearch('prajiturile', 'Prăjituri de casă', '')).toBe(true);
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
      { title: 'Ștrudel', price: 30, createdAt: '2026-01-02' },
      { title: 'Sarmale', price: null, createdAt: '2026-01-03' },
      { title: 'Țuică', price: 10, createdAt: '2026-01-01' },
      { title: 'Tort', price: 0, createdAt: '2026-01-04' },
    ];
    const titles = (s: SortOption) => [...list].sort(compareAnnouncements(s)).map((a) => a.title);
    expect(titles('recent')).toEqual(['Tort', 'Sarmale', 'Ștrudel', 'Țuică']);
    expect(titles('price-asc')).toEqual(['Tort', 'Țuică', 'Ștrudel', 'Sarmale']);
    expect(titles('price-desc')).toEqual(['Ștrudel', 'Țuică', 'Tort', 'Sarmale']);
    // Romanian collation: S < Ș < T < Ț.
    expect(titles('title')).toEqual(['Sarmale', 'Ștrudel', 'Tort', 'Țuică']);
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
