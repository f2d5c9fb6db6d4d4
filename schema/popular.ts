import type { AnnouncementDoc } from './entities.ts';

/**
 * 'Anunțuri populare': most favourited first, then newest. The one statement of the order; the server's
 * SQL, the device's RxDB query and the in-memory sort are read off it.
 */
export const POPULAR_ORDER = [
  { field: 'favoritesCount', direction: 'desc' },
  { field: 'createdAt', direction: 'desc' },
] as const satisfies readonly { field: keyof AnnouncementDoc; direction: 'asc' | 'desc' }[];

type PopularField = (typeof POPULAR_ORDER)[number]['field'];

/** The order as an RxDB (Mango) sort. */
export const POPULAR_RX_SORT = POPULAR_ORDER.map(({ field, direction }) => ({ [field]: direction })) as {
  [K in PopularField]?: 'asc' | 'desc';
}[];

/** The order as a comparator, for lists already in memory. */
export function byPopularity(
  a: Pick<AnnouncementDoc, PopularField>,
  b: Pick<AnnouncementDoc, PopularField>,
): number {
  for (const { field, direction } of POPULAR_ORDER) {
    const x = a[field];
    const y = b[field];
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    if (c !== 0) return direction === 'desc' ? -c : c;
  }
  return 0;
}
