import { STORAGE_KEYS, WORKING_SET } from '../../../schema/constants.ts';
import { IMAGE_WIDTHS, imageVariant, normalizeImagePath } from '../../../schema/images.ts';
import type { HeldKind } from '../../../schema/sync.ts';
import { type CachedPhoto, photosToTrim } from './photo-trim.ts';

/** The service worker's photo cache (vite.config.ts): photos of evicted announcements leave it too. */
const PHOTO_CACHE = 'hobbiz-images';

export type Budget = Record<HeldKind, number> & { photoBytes: number };

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

/** The cached paths of these announcements' photos: each original and its size variants. */
function photoPaths(docs: Iterable<{ images: string[] }>): Set<string> {
  const urls = new Set<string>();
  for (const d of docs) {
    for (const img of d.images) {
      const path = normalizeImagePath(img);
      urls.add(path);
      for (const w of IMAGE_WIDTHS) urls.add(imageVariant(path, w));
    }
  }
  return urls;
}

/** Removes the photos (original and size variants) of evicted announcements from the service worker's cache. */
export async function forgetPhotos(docs: Map<string, { images: string[] }>): Promise<void> {
  if (typeof caches === 'undefined') return;
  const urls = photoPaths(docs.values());
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

/** A photo without a Content-Length is counted at this size (reading its body would cost more). */
const PHOTO_BYTES_UNKNOWN = 80_000;

/** Size of a cached response: its Content-Length, else a generous estimate. */
function responseBytes(res: Response): number {
  const length = Number(res.headers.get('content-length'));
  return Number.isFinite(length) && length > 0 ? length : PHOTO_BYTES_UNKNOWN;
}

/**
 * Keeps the photo cache within `maxBytes` (the service worker bounds it by count only): the oldest
 * stored photos leave first, those of pinned announcements last (docs/decisions.md, "Photo cache").
 */
export async function trimPhotoCache(
  pinned: Iterable<{ images: string[] }>,
  maxBytes: number,
): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  try {
    if (!(await caches.has(PHOTO_CACHE))) return 0;
    const keep = photoPaths(pinned);
    const cache = await caches.open(PHOTO_CACHE);
    const photos: CachedPhoto[] = [];
    for (const req of await cache.keys()) {
      const res = await cache.match(req);
      if (!res) continue;
      photos.push({
        url: req.url,
        bytes: responseBytes(res),
        pinned: keep.has(new URL(req.url).pathname),
      });
    }
    const out = photosToTrim(photos, maxBytes);
    for (const url of out) await cache.delete(url);
    return out.length;
  } catch {
    return 0; // no cache access: the service worker's count limit still applies
  }
}

/** Runs trimPhotoCache at most every few seconds (it reads the cache's index), off the working set's write chain. */
export class PhotoTrimmer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  schedule(pinned: () => Promise<Map<string, { images: string[] }>>, maxBytes: number, delayMs = 3000): void {
    if (this.timer) return;
    this.timer = setTimeout(async () => {
      try {
        await trimPhotoCache((await pinned()).values(), maxBytes);
      } finally {
        this.timer = undefined;
      }
    }, delayMs);
  }
  stop(): void {
    clearTimeout(this.timer);
  }
}
