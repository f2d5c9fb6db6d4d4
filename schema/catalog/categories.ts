/**
 * The 14 announcement categories (spec doc 1 §3) in display order, each with the four columns of sub-topics
 * shown as chips in the category menu's hover panel. The name is what an announcement stores in `category`
 * and what the listing URL carries; the slug is for file names and CSS hooks only.
 */
export type CategoryColumn = { title: string; topics: readonly string[] };

export type CategoryDef = {
  name: string;
  slug: string;
  columns: readonly [CategoryColumn, CategoryColumn, CategoryColumn, CategoryColumn];
};

export { CATEGORIES } from '../data/categories.ts';

import { CATEGORIES } from '../data/categories.ts';

export const CATEGORY_NAMES: readonly string[] = CATEGORIES.map((c) => c.name);

const NAME_SET: ReadonlySet<string> = new Set(CATEGORY_NAMES);

/** Exact match: a category is stored and compared by its display name. */
export function isCategory(name: string): boolean {
  return NAME_SET.has(name);
}

/** Listing URL of a category (spec doc 1 §2: the category URL-encoded). */
export function categoryPath(name: string): string {
  return `/anunturi-categorie/${encodeURIComponent(name)}`;
}
