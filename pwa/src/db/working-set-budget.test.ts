// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, WORKING_SET } from '../../../schema/constants.ts';
import { IMAGE_WIDTHS, imageVariant } from '../../../schema/images.ts';
import { deviceBudget, forgetPhotos, PhotoTrimmer, trimPhotoCache } from './working-set-budget.ts';

/**
 * The service worker's photo cache ('hobbiz-images'), in its own order (oldest stored first), as
 * Cache Storage shows it to the page: the only edge faked here.
 */
class PhotoCache {
  entries = new Map<string, Response>();
  deleted: string[] = [];
  put(path: string, bytes?: number) {
    const headers: Record<string, string> = bytes === undefined ? {} : { 'content-length': String(bytes) };
    this.entries.set(`https://hobbiz.ro${path}`, new Response('x', { headers }));
  }
  async keys() {
    return [...this.entries.keys()].map((u) => new Request(u));
  }
  async match(req: Request) {
    return this.entries.get(req.url);
  }
  async delete(req: Request | string) {
    const url = typeof req === 'string' ? req : req.url;
    this.deleted.push(new URL(url).pathname);
    return this.entries.delete(url);
  }
  paths() {
    return [...this.entries.keys()].map((u) => new URL(u).pathname);
  }
}

let cache: PhotoCache;
let names: string[];
beforeEach(() => {
  cache = new PhotoCache();
  names = ['hobbiz-images'];
  vi.stubGlobal('caches', {
    has: async (name: string) => names.includes(name),
    open: async (name: string) => {
      if (name !== 'hobbiz-images') throw new Error(`unexpected cache ${name}`);
      return cache;
    },
  });
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const variants = (p: string) => [p, ...IMAGE_WIDTHS.map((w) => imageVariant(p, w))];

describe('the budget of this device', () => {
  it('is WORKING_SET unless a test override is stored', () => {
    expect(deviceBudget()).toEqual({ ...WORKING_SET });
    localStorage.setItem(STORAGE_KEYS.workingSet, JSON.stringify({ announcements: 5, photoBytes: 1000 }));
    expect(deviceBudget()).toEqual({ ...WORKING_SET, announcements: 5, photoBytes: 1000 });
  });

  it('a broken override is ignored, not a crash at boot', () => {
    localStorage.setItem(STORAGE_KEYS.workingSet, '{not json');
    expect(deviceBudget()).toEqual({ ...WORKING_SET });
  });
});

describe('forgetPhotos (an evicted announcement)', () => {
  it('removes its photos in every size, whatever form the stored path has, and nothing else', async () => {
    for (const p of [...variants('/uploads/a.jpg'), ...variants('/uploads/b.jpg')]) cache.put(p, 10);
    // A bare file name in the document is the same photo under /uploads (spec §5).
    await forgetPhotos(new Map([['x', { images: ['a.jpg'] }]]));
    expect(cache.paths().sort()).toEqual(variants('/uploads/b.jpg').sort());
  });

  it('does nothing without photos or without Cache Storage', async () => {
    cache.put('/uploads/a.jpg', 10);
    await forgetPhotos(new Map([['x', { images: [] }]]));
    vi.stubGlobal('caches', undefined);
    await forgetPhotos(new Map([['x', { images: ['/uploads/a.jpg'] }]]));
    expect(cache.paths()).toEqual(['/uploads/a.jpg']);
  });
});

describe('trimPhotoCache (the photo cache in bytes)', () => {
  it('drops the oldest photos until the rest fits, keeping a favourite’s photos to the last', async () => {
    cache.put('/uploads/fav.jpg', 400);
    cache.put('/uploads/old.jpg', 300);
    cache.put('/uploads/newer.jpg', 300);
    cache.put('/uploads/newest.jpg', 300);
    const removed = await trimPhotoCache([{ images: ['/uploads/fav.jpg'] }], 1000);
    expect(removed).toBe(1);
    expect(cache.deleted).toEqual(['/uploads/old.jpg']);
    expect(cache.paths()).toContain('/uploads/fav.jpg');
  });

  it('counts a photo without Content-Length as 80 kB (its body is not read)', async () => {
    cache.put('/uploads/a.jpg'); // unknown size: 80,000
    cache.put('/uploads/b.jpg', 1000);
    expect(await trimPhotoCache([], 81_000)).toBe(0);
    expect(await trimPhotoCache([], 80_999)).toBe(1);
    expect(cache.deleted).toEqual(['/uploads/a.jpg']);
  });

  it('keeps the size variants of pinned photos as pinned too', async () => {
    for (const p of variants('/uploads/fav.jpg')) cache.put(p, 100);
    cache.put('/uploads/other.jpg', 100);
    await trimPhotoCache([{ images: ['/uploads/fav.jpg'] }], 300);
    expect(cache.deleted).toEqual(['/uploads/other.jpg']);
  });

  it('does nothing before the service worker has made its cache, or without Cache Storage', async () => {
    names = [];
    expect(await trimPhotoCache([], 0)).toBe(0);
    vi.stubGlobal('caches', undefined);
    expect(await trimPhotoCache([], 0)).toBe(0);
  });

  it('a refused cache access is not an error for the working set', async () => {
    vi.stubGlobal('caches', {
      has: async () => true,
      open: async () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(await trimPhotoCache([], 0)).toBe(0);
  });
});

describe('PhotoTrimmer (at most one trim every few seconds)', () => {
  it('runs one trim after the delay however often it is asked, then may run again', async () => {
    vi.useFakeTimers();
    cache.put('/uploads/a.jpg', 500);
    cache.put('/uploads/b.jpg', 500);
    const trimmer = new PhotoTrimmer();
    const pinned = vi.fn(async () => new Map<string, { images: string[] }>());
    trimmer.schedule(pinned, 600, 3000);
    trimmer.schedule(pinned, 600, 3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(pinned).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(pinned).toHaveBeenCalledTimes(1);
    expect(cache.deleted).toEqual(['/uploads/a.jpg']);
    trimmer.schedule(pinned, 0, 3000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(pinned).toHaveBeenCalledTimes(2);
    expect(cache.paths()).toEqual([]);
  });

  it('stop() cancels a trim that has not run yet', async () => {
    vi.useFakeTimers();
    cache.put('/uploads/a.jpg', 500);
    const trimmer = new PhotoTrimmer();
    trimmer.schedule(async () => new Map(), 0, 3000);
    trimmer.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(cache.paths()).toEqual(['/uploads/a.jpg']);
  });
});
