// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_ID } from '../../../../schema/entities.ts';
import { openDatabase } from '../../db/database.ts';
import { draftPhotoStore } from '../../db/device-outbox.ts';
import { EMPTY_DRAFT } from '../../db/draft.ts';
import { setCurrentDatabase } from '../../db/registry.ts';
import type { HobbizDatabase } from '../../db/types.ts';
import { useAnnouncementForm } from './use-announcement-form.ts';

// A loaded machine (parallel test files) may need more than the default second.

/**
 * The form's state over the real draft (RxDB on fake IndexedDB) and the real device store of the draft's
 * photos. Edges stubbed: the canvas (createImageBitmap, OffscreenCanvas) and the network (photos go up as
 * picked). Blob/File are Node's, the ones fake IndexedDB can keep (happy-dom's come back empty).
 */
const VALID = {
  title: 'Cozonac cu nucă și cacao',
  category: 'Prăjituri, Băcănie, Gătit',
  description: 'Cozonac pufos cu multă umplutură de nucă și cacao, copt acasă.',
  location: 'Cluj',
  localitate: 'Cluj-Napoca',
  contactPerson: 'Ana Pop',
  contactEmail: '',
  contactPhone: '0722123456',
  price: '60',
};

let db: HobbizDatabase;
let jpegBytes: Uint8Array;

beforeEach(async () => {
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new TypeError('offline')),
  );
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload = {};
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        queueMicrotask(() => this.onerror?.());
      }
      abort() {}
    },
  );
  vi.stubGlobal(
    'createImageBitmap',
    // Each test photo decodes to a width that names it ('3.jpg': 3200 px), so order shows in the copies.
    vi.fn(async (file: File) => ({
      width: 2000 + 400 * (Number.parseInt(file.name, 10) || 0),
      height: 1500,
      close: () => {},
    })),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return { drawImage: () => {} };
      }
      async convertToBlob() {
        return new NodeBlob([`small ${this.width}x${this.height}`], { type: 'image/jpeg' });
      }
    },
  );
  jpegBytes ??= new Uint8Array(
    await sharp({ create: { width: 32, height: 24, channels: 3, background: '#a05030' } })
      .jpeg()
      .toBuffer(),
  );
  await draftPhotoStore.clear();
  db = await openDatabase(null, ['drafts'], getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }));
  setCurrentDatabase(db);
});
afterEach(async () => {
  cleanup();
  setCurrentDatabase(null);
  await db.close();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const stored = async () => (await db.drafts.findOne(DRAFT_ID).exec())?.toJSON();
const photo = (name: string) => new NodeFile([jpegBytes], name, { type: 'image/jpeg' }) as unknown as File;
const publishForm = (userId: string | null = 'u1') =>
  renderHook(() => useAnnouncementForm('publish', userId));

describe('validation', () => {
  it('shows no message before the first submit; then every rule’s Romanian message', async () => {
    const { result } = publishForm();
    await waitFor(() => expect(result.current.restored).toBe(true));
    expect(result.current.errors).toEqual({});
    let ok = true;
    act(() => {
      ok = result.current.check();
    });
    expect(ok).toBe(false);
    expect(result.current.errors).toEqual({
      title: 'Titlul trebuie să aibă cel puțin 16 caractere',
      category: 'Trebuie să selectezi o categorie',
      description: 'Descrierea trebuie să aibă cel puțin 40 de caractere',
      location: 'Trebuie să selectezi o locație',
      contactPerson: 'Numele persoanei de contact este obligatoriu',
      contact: 'Trebuie să completezi cel puțin email-ul sau telefonul',
    });
  });

  it('after a submit, the messages follow the typing', async () => {
    const { result } = publishForm();
    await waitFor(() => expect(result.current.restored).toBe(true));
    act(() => void result.current.check());
    act(() => result.current.setField({ title: 'x'.repeat(71) }));
    expect(result.current.errors.title).toBe('Titlul nu poate depăși 70 de caractere');
    act(() => result.current.setField({ ...VALID, contactEmail: 'ana@', price: '1,5' }));
    expect(result.current.errors).toEqual({
      contactEmail: 'Adresa de email nu este validă',
      price: 'Prețul trebuie să fie un număr întreg între 0 și 1.000.000 de lei',
    });
    act(() => result.current.setField({ contactEmail: '', price: '' }));
    let ok = false;
    act(() => {
      ok = result.current.check();
    });
    expect(ok).toBe(true);
    expect(result.current.errors).toEqual({});
  });
});

describe('the draft', () => {
  it('restores the stored draft into the form', async () => {
    await db.drafts.upsert({
      id: DRAFT_ID,
      ...EMPTY_DRAFT,
      title: 'Scris pe telefon',
      updatedAt: new Date().toISOString(),
    });
    const { result } = publishForm();
    await waitFor(() => expect(result.current.restored).toBe(true));
    expect(result.current.fields.title).toBe('Scris pe telefon');
  });

  it('saves what is typed once typing pauses (400 ms), not on every keystroke', async () => {
    const { result } = publishForm();
    await waitFor(() => expect(result.current.restored).toBe(true));
    const upsert = vi.spyOn(db.drafts, 'upsert');
    act(() => result.current.setField({ title: 'C' }));
    act(() => result.current.setField({ title: 'Co' }));
    act(() => result.current.setField({ title: 'Cozonac' }));
    await new Promise((r) => setTimeout(r, 200));
    expect(upsert).not.toHaveBeenCalled();
    await waitFor(async () => expect((await stored())?.title).toBe('Cozonac'));
    expect(upsert).toHaveBeenCalledTimes(1);
  });

  it('leaving the page writes the waiting save at once', async () => {
    const { result } = publishForm();
    await waitFor(() => expect(result.current.restored).toBe(true));
    act(() => result.current.setField({ description: 'Text scris chiar înainte de a închide fila' }));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(async () =>
      expect((await stored())?.description).toBe('Text scris chiar înainte de a închide fila'),
    );
  });

  it('an edit never writes the draft', async () => {
    const { result } = renderHook(() => useAnnouncementForm('update', 'u1'));
    expect(result.current.restored).toBe(true);
    act(() => result.current.setField({ title: 'Modificare la un anunț publicat' }));
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((r) => setTimeout(r, 50));
    expect(await stored()).toBeUndefined();
  });

  it('forgetDraft after a publish: the text and the photos are gone, and a waiting save does not bring them back', async () => {
    const { result } = publishForm();
    await waitFor(() => expect(result.current.restored).toBe(true));
    act(() => result.current.setField({ title: 'Publicat acum' }));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(async () => expect(await stored()).toBeDefined());
    act(() => result.current.addFiles([photo('a.jpg')]));
    await act(() => result.current.photosSettled());
    await waitFor(async () => expect(await draftPhotoStore.get('u1')).toHaveLength(1));
    act(() => result.current.setField({ title: 'Tastat după Publică' }));
    await act(() => result.current.forgetDraft());
    await new Promise((r) => setTimeout(r, 450));
    expect(await stored()).toBeUndefined();
    expect(await draftPhotoStore.get('u1')).toBeUndefined();
  });
});

describe('photos', () => {
  it('adds each selection in the order picked, small copies only, and keeps them with the draft', async () => {
    const { result } = publishForm();
    await waitFor(() => expect(result.current.restored).toBe(true));
    act(() => {
      result.current.addFiles([photo('1.jpg'), photo('2.jpg')]);
      result.current.addFiles([photo('3.jpg')]);
    });
    await act(() => result.current.photosSettled());
    expect(result.current.preparing).toBe(0);
    const images = result.current.images;
    expect(images).toHaveLength(3);
    expect(images.every((i) => i.kind === 'new')).toBe(true);
    const kept = (await draftPhotoStore.get('u1')) as { blob: Blob; photoId: string }[];
    expect(kept.map((p) => p.photoId)).toEqual(images.map((i) => (i.kind === 'new' ? i.photoId : '')));
    // Resized to the long side of 1600 px, in the order picked across both selections.
    expect(await Promise.all(kept.map((p) => p.blob.text()))).toEqual([
      'small 1600x1000',
      'small 1600x857',
      'small 1600x750',
    ]);
  });

  it('a photo still being made small when “Publică” is pressed belongs to the publish', async () => {
    const { result } = publishForm();
    await waitFor(() => expect(result.current.restored).toBe(true));
    // The click's handler holds the images of its render: none yet; what the wait answers has the photo.
    const before = result.current.images;
    act(() => result.current.addFiles([photo('ultima.jpg')]));
    let settled: readonly unknown[] = [];
    await act(async () => {
      settled = await result.current.photosSettled();
    });
    expect(before).toHaveLength(0);
    expect(settled).toHaveLength(1);
    expect(settled).toEqual(result.current.images);
  });

  it('restores the draft’s photos with their ids (they may already be on the server)', async () => {
    await draftPhotoStore.put('u1', [
      { blob: new NodeBlob(['a']) as unknown as Blob, photoId: 'id-a' },
      { blob: new NodeBlob(['b']) as unknown as Blob, photoId: 'id-b' },
    ]);
    const { result } = publishForm();
    await waitFor(() => expect(result.current.images).toHaveLength(2));
    expect(result.current.images.map((i) => (i.kind === 'new' ? i.photoId : ''))).toEqual(['id-a', 'id-b']);
  });

  it('refuses what does not fit, by name; removing a photo lifts only the “too many” refusals', async () => {
    const { result } = publishForm();
    await waitFor(() => expect(result.current.restored).toBe(true));
    act(() => result.current.addFiles(Array.from({ length: 10 }, (_, i) => photo(`${i}.jpg`))));
    await act(() => result.current.photosSettled());
    const png = new NodeFile([new Uint8Array(4)], 'poza.png', { type: 'image/png' }) as unknown as File;
    act(() => result.current.addFiles([photo('11.jpg'), png]));
    await act(() => result.current.photosSettled());
    expect(result.current.images).toHaveLength(10);
    expect(result.current.refused).toEqual([
      { name: '11.jpg', reason: 'Poți adăuga maxim 10 imagini per anunț' },
      { name: 'poza.png', reason: 'Poți încărca doar imagini în format JPG/JPEG' },
    ]);
    act(() => result.current.removeImage(0));
    expect(result.current.images).toHaveLength(9);
    expect(result.current.refused).toEqual([
      { name: 'poza.png', reason: 'Poți încărca doar imagini în format JPG/JPEG' },
    ]);
    act(() => result.current.dismissRefused());
    expect(result.current.refused).toEqual([]);
  });

  it('moving a photo changes the cover, and the saved draft follows the new order', async () => {
    const { result } = publishForm();
    await waitFor(() => expect(result.current.restored).toBe(true));
    act(() => result.current.addFiles([photo('1.jpg'), photo('2.jpg'), photo('3.jpg')]));
    await act(() => result.current.photosSettled());
    const ids = result.current.images.map((i) => (i.kind === 'new' ? i.photoId : ''));
    act(() => result.current.move(2, 0));
    const moved = [ids[2], ids[0], ids[1]];
    expect(result.current.images.map((i) => (i.kind === 'new' ? i.photoId : ''))).toEqual(moved);
    await waitFor(async () =>
      expect(((await draftPhotoStore.get('u1')) as { photoId: string }[]).map((p) => p.photoId)).toEqual(
        moved,
      ),
    );
  });
});
