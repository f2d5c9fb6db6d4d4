import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Item = { id: string; queuedAt: string; title: string };

/** A fresh browser profile, and the module as a fresh page load sees it. */
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
});
const load = () => import('./device-outbox.ts');

const databases = async () => (await indexedDB.databases()).map((d) => d.name).sort();

/** Writes a database the way an earlier version of the app did (its own name, store and key style). */
function writeLegacy(db: string, store: string, keyPath: string | null, rows: [string, unknown][]) {
  return new Promise<void>((resolve, reject) => {
    const req = indexedDB.open(db, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(store, keyPath ? { keyPath } : undefined);
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const tx = req.result.transaction(store, 'readwrite');
      for (const [k, v] of rows) {
        if (keyPath) tx.objectStore(store).put(v);
        else tx.objectStore(store).put(v, k);
      }
      tx.oncomplete = () => {
        req.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

const item = (id: string, queuedAt: string): Item => ({ id, queuedAt, title: `Anunț ${id}` });

describe('deviceOutbox', () => {
  it('puts, gets, lists, deletes and clears, and tells its subscribers', async () => {
    const { deviceOutbox } = await load();
    const box = deviceOutbox<Item>('test', { order: (i) => i.queuedAt });
    const seen = vi.fn();
    const off = box.subscribe(seen);
    await box.put('a', item('a', '2026-01-01T10:00:00.000Z'));
    await box.put('b', item('b', '2026-01-01T11:00:00.000Z'));
    expect(await box.get('a')).toEqual(item('a', '2026-01-01T10:00:00.000Z'));
    expect((await box.list()).map((i) => i.id)).toEqual(['a', 'b']);
    await box.put('a', { ...item('a', '2026-01-01T10:00:00.000Z'), title: 'schimbat' });
    expect((await box.get('a'))?.title).toBe('schimbat');
    await box.delete('a');
    expect(await box.get('a')).toBeUndefined();
    expect((await box.list()).map((i) => i.id)).toEqual(['b']);
    expect(seen).toHaveBeenCalledTimes(4);
    off();
    await box.clear();
    expect(await box.list()).toEqual([]);
    expect(seen).toHaveBeenCalledTimes(4);
    expect(await databases()).toEqual(['hobbiz_device_test']);
  });

  it('lists oldest first whatever the order of writing and of the keys; ties by key', async () => {
    const { deviceOutbox } = await load();
    const box = deviceOutbox<Item>('order', { order: (i) => i.queuedAt });
    await box.put('ff', item('ff', '2026-03-01T00:00:00.000Z'));
    await box.put('00', item('00', '2026-03-03T00:00:00.000Z'));
    await box.put('bb', item('bb', '2026-03-02T00:00:00.000Z'));
    await box.put('aa', item('aa', '2026-03-02T00:00:00.000Z'));
    expect((await box.list()).map((i) => i.id)).toEqual(['ff', 'aa', 'bb', '00']);
  });

  it('items queued in one millisecond keep the order they were queued in, whatever their keys', async () => {
    const { deviceOutbox, queuedAtNow } = await load();
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00.000Z'), toFake: ['Date'] });
    try {
      const box = deviceOutbox<Item>('same-ms', { order: (i) => i.queuedAt });
      for (const id of ['ff', '00', 'bb']) await box.put(id, item(id, queuedAtNow()));
      expect((await box.list()).map((i) => i.id)).toEqual(['ff', '00', 'bb']);
      // The clock going back (a corrected device clock) does not reorder what follows.
      vi.setSystemTime(new Date('2026-02-01T00:00:00.000Z'));
      await box.put('01', item('01', queuedAtNow()));
      expect((await box.list()).at(-1)?.id).toBe('01');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps Blobs, and survives a reopen (a reload of the page)', async () => {
    const first = await load();
    const photos = first.deviceOutbox<Blob[]>('photos');
    await photos.put('guest', [new Blob(['jpeg-1'], { type: 'image/jpeg' }), new Blob(['jpeg-2'])]);
    vi.resetModules();
    const again = (await load()).deviceOutbox<Blob[]>('photos');
    const kept = await again.get('guest');
    expect(kept).toHaveLength(2);
    expect(kept?.[0]).toBeInstanceOf(Blob);
    expect(await kept?.[0]?.text()).toBe('jpeg-1');
    expect(kept?.[0]?.type).toBe('image/jpeg');
  });

  it('moves the old publish queue (keyPath store) once, then deletes the old database', async () => {
    const old = { ...item('6a0000000000000000000002', '2026-02-02T00:00:00.000Z'), userId: 'u1' };
    const older = { ...item('6a0000000000000000000001', '2026-02-01T00:00:00.000Z'), userId: 'u1' };
    await writeLegacy('hobbiz_outbox', 'announcements', 'id', [
      [old.id, old],
      [older.id, older],
    ]);
    const { publishOutbox } = await load();
    const list = await publishOutbox.list();
    expect(list.map((p) => p.id)).toEqual([older.id, old.id]);
    expect(list[0]).toEqual(older);
    expect(await databases()).toEqual(['hobbiz_device_publishes']);
    // Deleted here after the move: the next page load finds it in the new store only.
    await publishOutbox.delete(older.id);
    vi.resetModules();
    expect((await (await load()).publishOutbox.list()).map((p) => p.id)).toEqual([old.id]);
  });

  it('moves the old draft photos (keys beside the values) and the old chat files', async () => {
    await writeLegacy('hobbiz_draft_photos', 'photos', null, [
      ['guest', [new Blob(['g'])]],
      ['u1', [new Blob(['a']), new Blob(['b'])]],
    ]);
    const file = {
      ...item('6a00000000000000000000aa', '2026-02-01T00:00:00.000Z'),
      file: new Blob(['%PDF']),
      name: 'factura.pdf',
    };
    await writeLegacy('hobbiz_chat_outbox', 'files', 'id', [[file.id, file]]);
    const { draftPhotoStore, chatFileOutbox } = await load();
    const u1 = await draftPhotoStore.get('u1');
    expect(await Promise.all((u1 ?? []).map((b) => (b as Blob).text()))).toEqual(['a', 'b']);
    expect(await ((await draftPhotoStore.get('guest'))?.[0] as Blob | undefined)?.text()).toBe('g');
    const [moved] = await chatFileOutbox.list();
    expect(moved?.name).toBe('factura.pdf');
    expect(await moved?.file.text()).toBe('%PDF');
    expect(await databases()).toEqual(['hobbiz_device_chat_files', 'hobbiz_device_draft_photos']);
  });

  it('a key the new store already has keeps its newer value; asking creates no old database', async () => {
    const first = await load();
    await first.draftPhotoStore.put('u1', [new Blob(['nou'])]);
    await writeLegacy('hobbiz_draft_photos', 'photos', null, [
      ['u1', [new Blob(['vechi'])]],
      ['u2', [new Blob(['doar-vechi'])]],
    ]);
    vi.resetModules();
    const { draftPhotoStore, publishOutbox } = await load();
    expect(await ((await draftPhotoStore.get('u1'))?.[0] as Blob | undefined)?.text()).toBe('nou');
    expect(await ((await draftPhotoStore.get('u2'))?.[0] as Blob | undefined)?.text()).toBe('doar-vechi');
    expect(await publishOutbox.list()).toEqual([]);
    expect(await databases()).toEqual(['hobbiz_device_draft_photos', 'hobbiz_device_publishes']);
  });

  it('a move that fails (the old database would not open) loses nothing and is tried again at the next use', async () => {
    const old = { ...item('6a0000000000000000000003', '2026-02-03T00:00:00.000Z'), userId: 'u1' };
    await writeLegacy('hobbiz_outbox', 'announcements', 'id', [[old.id, old]]);
    const factory = indexedDB as IDBFactory;
    const realOpen = factory.open.bind(factory);
    let refuse = true;
    factory.open = (name: string, version?: number) => {
      if (name === 'hobbiz_outbox' && refuse) {
        refuse = false;
        throw new DOMException('blocked', 'UnknownError');
      }
      return realOpen(name, version);
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { publishOutbox } = await load();
    expect(await publishOutbox.list()).toEqual([]);
    expect(quiet).toHaveBeenCalledTimes(1);
    expect((await databases()).includes('hobbiz_outbox')).toBe(true);
    expect((await publishOutbox.list()).map((p) => p.id)).toEqual([old.id]);
    expect(await databases()).toEqual(['hobbiz_device_publishes']);
    quiet.mockRestore();
  });

  it('an old database without the expected store moves nothing and is removed', async () => {
    await writeLegacy('hobbiz_chat_outbox', 'something_else', null, [['k', { x: 1 }]]);
    const { chatFileOutbox } = await load();
    expect(await chatFileOutbox.list()).toEqual([]);
    expect(await databases()).toEqual(['hobbiz_device_chat_files']);
  });

  it('with no order, lists by key; an unsubscribed listener hears nothing more', async () => {
    const { deviceOutbox } = await load();
    const box = deviceOutbox<string>('plain');
    const heard = vi.fn();
    const off = box.subscribe(heard);
    await box.put('b', 'doi');
    await box.put('a', 'unu');
    off();
    await box.put('c', 'trei');
    expect(await box.list()).toEqual(['unu', 'doi', 'trei']);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('two outboxes never see each other’s items', async () => {
    const { deviceOutbox } = await load();
    const a = deviceOutbox<string>('one');
    const b = deviceOutbox<string>('two');
    await a.put('k', 'from one');
    expect(await b.get('k')).toBeUndefined();
    await b.clear();
    expect(await a.get('k')).toBe('from one');
  });
});
