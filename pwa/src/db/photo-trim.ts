/** One photo in the service worker's cache, in the cache's own order (oldest stored first). */
export type CachedPhoto = { url: string; bytes: number; pinned: boolean };

/**
 * Which photos leave the cache so that what stays fits in `maxBytes`: the oldest stored first, photos
 * of unpinned announcements before those of pinned ones (a favourite's photo stays readable offline as
 * long as anything else can go). Returns the urls to delete, in the order they were chosen.
 */
export function photosToTrim(photos: CachedPhoto[], maxBytes: number): string[] {
  let total = photos.reduce((sum, p) => sum + p.bytes, 0);
  if (total <= maxBytes) return [];
  const out: string[] = [];
  for (const pass of [false, true]) {
    for (const p of photos) {
      if (total <= maxBytes) return out;
      if (p.pinned !== pass) continue;
      out.push(p.url);
      total -= p.bytes;
    }
  }
  return out;
}
