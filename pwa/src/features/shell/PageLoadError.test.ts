import { describe, expect, it } from 'vitest';
import { loadedFiles } from '../offline/keep-loaded.ts';
import { isChunkLoadError } from './PageLoadError.tsx';

describe('isChunkLoadError', () => {
  it("recognises a lazy page's failed fetch in each browser, and nothing else", () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a-1.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a-1.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(
      false,
    );
  });
});

describe('loadedFiles', () => {
  it('keeps the same-origin chunks and photos the page loaded, once each', () => {
    const origin = 'https://hobbiz.ro';
    expect(
      loadedFiles(
        [
          { name: 'https://hobbiz.ro/assets/app-1.js' },
          { name: 'https://hobbiz.ro/uploads/a.webp' },
          { name: 'https://hobbiz.ro/uploads/a.webp' },
          { name: 'https://hobbiz.ro/api/announcements/popular?limit=10' },
          { name: 'https://lh3.googleusercontent.com/assets/x.png' },
        ],
        origin,
      ),
    ).toEqual(['https://hobbiz.ro/assets/app-1.js', 'https://hobbiz.ro/uploads/a.webp']);
  });
});
