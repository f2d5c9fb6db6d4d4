import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh browser profile and page load per test: the draft's photos live in IndexedDB only. */
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
});
afterEach(() => vi.restoreAllMocks());
const load = async () => ({
  ...(await import('./draft-images.ts')),
  store: (await import('./device-outbox.ts')).draftPhotoStore,
});
const jpeg = (text: string) => new Blob([text], { type: 'image/jpeg' });

describe('the draft photos on this device', () => {
  it('keeps each photo with its id, in order, across a page load', async () => {
    const first = await load();
    await first.saveDraftImages('u1', [
      { blob: jpeg('cover'), photoId: 'id-1' },
      { blob: jpeg('second'), photoId: 'id-2' },
    ]);
    vi.resetModules();
    const photos = await (await load()).loadDraftImages('u1');
    expect(photos.map((p) => p.photoId)).toEqual(['id-1', 'id-2']);
    expect(await Promise.all(photos.map((p) => p.blob.text()))).toEqual(['cover', 'second']);
  });

  it('is per person: the guest’s photos and an account’s never mix', async () => {
    const d = await load();
    await d.saveDraftImages(null, [{ blob: jpeg('guest'), photoId: 'g' }]);
    await d.saveDraftImages('u1', [{ blob: jpeg('ana'), photoId: 'a' }]);
    expect((await d.loadDraftImages(null)).map((p) => p.photoId)).toEqual(['g']);
    expect((await d.loadDraftImages('u1')).map((p) => p.photoId)).toEqual(['a']);
    expect(await d.loadDraftImages('u2')).toEqual([]);
    await d.clearDraftImages('u1');
    expect(await d.loadDraftImages('u1')).toEqual([]);
    expect(await d.store.get('u1')).toBeUndefined();
    expect((await d.loadDraftImages(null)).map((p) => p.photoId)).toEqual(['g']);
  });

  it('saving no photos removes the entry rather than storing an empty list', async () => {
    const d = await load();
    await d.saveDraftImages('u1', [{ blob: jpeg('x'), photoId: 'x' }]);
    await d.saveDraftImages('u1', []);
    expect(await d.store.get('u1')).toBeUndefined();
  });

  it('photos saved before they had ids (bare Blobs) get a fresh id each, kept in order', async () => {
    const d = await load();
    await d.store.put('u1', [jpeg('old-1'), { blob: jpeg('new'), photoId: 'kept-id' }, jpeg('old-2')]);
    const photos = await d.loadDraftImages('u1');
    expect(await Promise.all(photos.map((p) => p.blob.text()))).toEqual(['old-1', 'new', 'old-2']);
    expect(photos[1]?.photoId).toBe('kept-id');
    expect(photos[0]?.photoId).toMatch(/^[0-9a-f]{24}$/);
    expect(photos[2]?.photoId).toMatch(/^[0-9a-f]{24}$/);
    expect(photos[0]?.photoId).not.toBe(photos[2]?.photoId);
  });

  it('anything unreadable in the store is skipped, never thrown at the form', async () => {
    const d = await load();
    await d.store.put('u1', [{ blob: 'not a blob', photoId: 'x' }, null, jpeg('ok')] as never);
    expect((await d.loadDraftImages('u1')).length).toBe(1);
    await d.store.put('u2', 'garbage' as never);
    expect(await d.loadDraftImages('u2')).toEqual([]);
  });

  it('storage that fails (full, blocked) leaves the form as it is', async () => {
    const d = await load();
    vi.spyOn(d.store, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    vi.spyOn(d.store, 'get').mockRejectedValue(new DOMException('blocked', 'UnknownError'));
    await expect(d.saveDraftImages('u1', [{ blob: jpeg('x'), photoId: 'x' }])).resolves.toBeUndefined();
    await expect(d.loadDraftImages('u1')).resolves.toEqual([]);
  });
});
