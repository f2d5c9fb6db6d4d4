import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '../../../../schema/catalog/categories.ts';
import { CATEGORY_COUNT } from './CategoryGrid.tsx';

describe("the home grid's 'Toate categoriile' tile", () => {
  it('names as many categories as the catalogue has', () => {
    expect(CATEGORY_COUNT).toBe(CATEGORY_NAMES.length);
  });
});
