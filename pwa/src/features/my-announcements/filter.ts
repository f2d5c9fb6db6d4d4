import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { formatLocation } from '../../../../schema/format.ts';
import { matchesAllWords, roCollator } from '../../../../schema/search.ts';

/** The four orders of 'Anunțurile mele' (spec doc 1 §2), most recent first by default. */
export const MY_SORTS = ['recent', 'oldest', 'title-asc', 'title-desc'] as const;
export type MySort = (typeof MY_SORTS)[number];
export const MY_SORT_LABELS: Record<MySort, string> = {
  recent: 'Cele mai recente',
  oldest: 'Cele mai vechi',
  'title-asc': 'Titlu A-Z',
  'title-desc': 'Titlu Z-A',
};

export const ANY_CATEGORY = 'Orice categorie';

export type MyItem = Pick<
  AnnouncementDoc,
  'id' | 'title' | 'category' | 'location' | 'localitate' | 'createdAt'
>;

export type MyFilters = { query: string; category: string; sort: MySort };

/**
 * Search (every word inside the title, the id or the place, diacritics ignored), category, order.
 * Ties keep the newest first so the list does not jump between renders.
 */
export function filterMine<T extends MyItem>(items: T[], f: MyFilters): T[] {
  const newest = (a: T, b: T) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);
  const compare: Record<MySort, (a: T, b: T) => number> = {
    recent: newest,
    oldest: (a, b) => -newest(a, b),
    'title-asc': (a, b) => roCollator.compare(a.title.trim(), b.title.trim()) || newest(a, b),
    'title-desc': (a, b) => roCollator.compare(b.title.trim(), a.title.trim()) || newest(a, b),
  };
  return items
    .filter((a) => f.category === '' || a.category === f.category)
    .filter((a) =>
      matchesAllWords(f.query, [a.title, a.id, formatLocation(a.location, a.localitate), a.location]),
    )
    .sort(compare[f.sort]);
}

/** The categories present in the list, in Romanian order (the filter offers only those). */
export function presentCategories(items: MyItem[]): string[] {
  return [...new Set(items.map((a) => a.category).filter((c) => c !== ''))].sort(roCollator.compare);
}
