import { describe, expect, it } from 'vitest';
import { foldDiacritics } from '../search.ts';
import { isCategory } from './categories.ts';
import { categoryHint, FALLBACK_HINT, HOME_CATEGORIES } from './home-grid.ts';
import { topicQuery, topicTitle } from './topics.ts';

// Vite's glob import keeps this test free of node: modules, like the rest of schema/.
const icons = import.meta.glob<string>('../../pwa/public/categories/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('HOME_CATEGORIES', () => {
  it('lists the 12 tiles of the spec in order', () => {
    expect(HOME_CATEGORIES.map((c) => c.name)).toEqual([
      'Fotografie',
      'Prăjituri',
      'Muzică',
      'Reparații',
      'Dans',
      'Curățenie',
      'Grădinărit',
      'Sport',
      'Artă',
      'Tehnologie',
      'Auto',
      'Meditații',
    ]);
  });

  it('opens a page about what the tile says: its whole category, or its topic (issue 12, item 8)', () => {
    const key = (s: string) => foldDiacritics(s);
    for (const tile of HOME_CATEGORIES) {
      if (tile.category !== undefined) expect(isCategory(tile.category), tile.name).toBe(true);
      if (tile.topic) {
        // A topic page is titled with the tile's name and has a definition of its own (data/topics.ts):
        // many terms, any one of which is enough, not the words of its name.
        expect(topicTitle(tile.name)).toBe(tile.name);
        const query = topicQuery(tile.name, tile.category);
        expect(query.groups, tile.name).toHaveLength(1);
        expect(query.groups[0]!.length, tile.name).toBeGreaterThan(5);
      } else {
        // A whole category: its name begins with the tile's word.
        expect(key(tile.category!).startsWith(key(tile.name)), tile.name).toBe(true);
      }
    }
    const byName = Object.fromEntries(HOME_CATEGORIES.map((t) => [t.name, t]));
    // Issue 12: these opened 'Meditații & Cursuri', 'Business', 'Curățenie…' and 'Grafică & Design'.
    for (const name of ['Sport', 'Tehnologie', 'Grădinărit', 'Artă']) {
      expect(byName[name]!.topic, name).toBe(true);
      expect(byName[name]!.category, name).toBeUndefined();
    }
    expect(byName.Dans).toMatchObject({ topic: true, category: 'Muzică, Teatru, Dans' });
    expect(byName.Prăjituri).toMatchObject({ topic: false, category: 'Prăjituri, Băcănie, Gătit' });
  });

  it('has a slug-named image, a light hex colour and a hint for every tile', () => {
    for (const tile of HOME_CATEGORIES) {
      expect(tile.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(tile.image).toBe(`/categories/${tile.slug}.svg`);
      expect(tile.color).toMatch(/^#[0-9a-f]{6}$/);
      // Relative luminance high enough for dark (#1f2937) text.
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(tile.color.slice(i, i + 2), 16) / 255);
      expect(0.2126 * r! + 0.7152 * g! + 0.0722 * b!).toBeGreaterThan(0.75);
      expect(tile.hint.trim()).not.toBe('');
      expect(tile.hint).not.toBe(FALLBACK_HINT);
    }
    expect(new Set(HOME_CATEGORIES.map((t) => t.slug)).size).toBe(12);
  });
});

describe('category icons', () => {
  it('exist for every tile as small titled line icons', () => {
    for (const tile of HOME_CATEGORIES) {
      const svg = icons[`../../pwa/public${tile.image}`];
      expect(svg, tile.image).toBeDefined();
      if (svg === undefined) continue;
      expect(new TextEncoder().encode(svg).length).toBeLessThan(1536);
      expect(svg).toContain('viewBox="0 0 64 64"');
      expect(svg).toContain('stroke="#1f2937"');
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
      expect(svg).not.toContain('<text');
    }
  });
});

describe('categoryHint', () => {
  it('returns the tile hint by name, tolerating missing diacritics', () => {
    const sport = HOME_CATEGORIES.find((t) => t.name === 'Sport')!;
    expect(categoryHint('Sport')).toBe(sport.hint);
    expect(categoryHint('Prajituri')).toBe(categoryHint('Prăjituri'));
  });

  it('falls back for other names', () => {
    expect(categoryHint('Business')).toBe(FALLBACK_HINT);
    expect(categoryHint('')).toBe(FALLBACK_HINT);
  });
});
