import { describe, expect, it } from 'vitest';
import { photosToTrim } from './photo-trim.ts';

const photo = (url: string, bytes: number, pinned = false) => ({ url, bytes, pinned });

describe('photosToTrim (the photo cache in bytes)', () => {
  it('keeps everything under the budget', () => {
    expect(photosToTrim([photo('a', 100), photo('b', 200)], 300)).toEqual([]);
  });

  it('drops the oldest stored first until the rest fits', () => {
    expect(photosToTrim([photo('a', 100), photo('b', 200), photo('c', 50), photo('d', 10)], 100)).toEqual([
      'a',
      'b',
    ]);
  });

  it('drops unpinned photos before pinned ones, whatever their age', () => {
    const photos = [photo('fav', 400, true), photo('x', 100), photo('y', 100), photo('z', 100)];
    expect(photosToTrim(photos, 500)).toEqual(['x', 'y']);
  });

  it('drops pinned photos only when unpinned ones cannot free enough', () => {
    const photos = [photo('fav1', 300, true), photo('x', 100), photo('fav2', 300, true)];
    expect(photosToTrim(photos, 250)).toEqual(['x', 'fav1', 'fav2']);
  });
});
