import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from './categories.ts';
import { CATEGORY_LOOKS } from './category-looks.ts';

// Vite's glob import keeps this test free of node: modules, like the rest of schema/.
const icons = import.meta.glob<string>('../../pwa/public/categories/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('CATEGORY_LOOKS', () => {
  it('gives each of the 14 categories a titled line icon and a light colour (no letter placeholders)', () => {
    expect(Object.keys(CATEGORY_LOOKS).sort()).toEqual([...CATEGORY_NAMES].sort());
    for (const name of CATEGORY_NAMES) {
      const look = CATEGORY_LOOKS[name]!;
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(look.color.slice(i, i + 2), 16) / 255);
      expect(0.2126 * r! + 0.7152 * g! + 0.0722 * b!, name).toBeGreaterThan(0.75);
      const svg = icons[`../../pwa/public${look.image}`];
      expect(svg, `${name}: ${look.image}`).toBeDefined();
      expect(svg).toContain('viewBox="0 0 64 64"');
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
    }
  });
});
