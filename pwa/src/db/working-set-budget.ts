import { STORAGE_KEYS, WORKING_SET } from '../../../schema/constants.ts';
import { IMAGE_WIDTHS, imageVariant, normalizeImagePath } from '../../../schema/images.ts';
import type { HeldKind } from '../../../schema/sync.ts';

/** The service worker's photo cache (vite.config.ts): photos of evicted announcements leave it too. */
const PHOTO_CACHE = 'hobbiz-images';

export type Budget = Record<HeldKind, number>;

/** The budget of this device: WORKING_SET, or the override stored under STORAGE_KEYS.workingSet. */
export function deviceBudget(): Budget {
  const base: Budget = { ...WORKING_SET };
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.workingSet);
    if (raw) Object.assign(base, JSON.parse(raw) as Partial<Budget>);
  } catch {
    /* no override */
  }
  return base;
}

/** Removes the photos (original and size variants) of evicted announcements from the service worker's cache. */
export async function forgetPhotos(docs: Map<string, { images: string[] }>): Promise<void> {
  if (typeof caches === 'undefined') return;
  const urls = new Set<string>();
  for (const d of docs.values()) {
    for (const img of d.images) {
      const path = normalizeImagePath(img);
      urls.add(path);
      for (const w of IMAGE_WIDTHS) urls.add(imageVariant(path, w));
    }
  }
  if (urls.size === 0) return;
  try {
    const cache = await caches.open(PHOTO_CACHE);
    for (const req of await cache.keys()) {
      if (urls.has(new URL(req.url).pathname)) await cache.delete(req);
    }
  } catch {
    /* no cache access: the service worker's own limit still applies */
  }
}
