import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensurePhoto } from '../../db/photo-uploads.ts';
import { announcementFormData } from '../../db/publish-request.ts';
import { moveImage, newImage, releaseImage, storedImage, updateForm } from './images.ts';

const blob = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

describe('photos of the form', () => {
  it('moves a photo, and making one the cover puts it first', () => {
    const list = [storedImage('/uploads/a.jpg'), storedImage('b.jpg'), storedImage('/uploads/c.jpg')];
    expect(list[1]!.url).toBe('/uploads/b.jpg');
    const moved = moveImage(list, 2, 0).map((i) => i.url);
    expect(moved).toEqual(['/uploads/c.jpg', '/uploads/a.jpg', '/uploads/b.jpg']);
    expect(moveImage(list, 0, -1)).toBe(list);
  });

  it('an update sends the full order with new:N slots; a publish sends only the files', () => {
    const list = [newImage(blob()), storedImage('/uploads/a.jpg'), newImage(blob())];
    const update = updateForm({ title: 'T' }, list);
    expect(JSON.parse(update.get('existingImages') as string)).toEqual(['new:0', '/uploads/a.jpg', 'new:1']);
    expect(update.getAll('images')).toHaveLength(2);
    expect(update.get('title')).toBe('T');
    const publish = announcementFormData({ id: 'x', title: 'T' }, [blob(), blob()]);
    expect((publish.getAll('images') as File[]).map((f) => f.name)).toEqual(['foto-1.jpg', 'foto-2.jpg']);
    expect(publish.get('existingImages')).toBeNull();
    expect(publish.getAll('images')).toHaveLength(2);
  });
});

describe('a new photo’s id decides its first upload', () => {
  /** The network edge: GETs recorded (404), each XHR PUT answered as stored. */
  function network() {
    const log: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        log.push(`GET ${url.split('/').pop()}`);
        return new Response('{"error":"nu"}', { status: 404 });
      }),
    );
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        url = '';
        status = 0;
        responseText = '';
        upload = {};
        onload: (() => void) | null = null;
        open(_m: string, url: string) {
          this.url = url;
        }
        getResponseHeader() {
          return null;
        }
        send() {
          const id = this.url.split('/').pop();
          log.push(`PUT ${id}`);
          this.status = 201;
          this.responseText = JSON.stringify({ path: `/uploads/${id}.jpg` });
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    return log;
  }
  afterEach(() => vi.unstubAllGlobals());

  it('picked now: a fresh id, sent without asking the server first', async () => {
    const log = network();
    const a = newImage(blob());
    const b = newImage(blob());
    if (a.kind !== 'new' || b.kind !== 'new') throw new Error('expected new photos');
    expect(a.photoId).not.toBe(b.photoId);
    expect(a.key).not.toBe(b.key);
    await ensurePhoto(a.photoId, a.blob);
    expect(log).toEqual([`PUT ${a.photoId}`]);
  });

  it('restored from the draft: keeps its id and asks the server first (it may have arrived before)', async () => {
    const log = network();
    const restored = newImage(blob(), 'restored-photo-id');
    expect(restored).toMatchObject({ kind: 'new', photoId: 'restored-photo-id' });
    await ensurePhoto('restored-photo-id', blob());
    expect(log).toEqual(['GET restored-photo-id', 'PUT restored-photo-id']);
  });

  it('releaseImage frees the preview of a new photo only', () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const fresh = newImage(blob());
    releaseImage(storedImage('/uploads/a.jpg'));
    expect(revoke).not.toHaveBeenCalled();
    releaseImage(fresh);
    expect(revoke).toHaveBeenCalledWith(fresh.url);
    revoke.mockRestore();
  });
});

describe('the order of photos in an update', () => {
  it('a new photo made the cover goes first in existingImages', () => {
    const list = [storedImage('/uploads/a.jpg'), storedImage('/uploads/b.jpg'), newImage(blob())];
    const form = updateForm({ title: 'T' }, moveImage(list, 2, 0));
    expect(JSON.parse(String(form.get('existingImages')))).toEqual([
      'new:0',
      '/uploads/a.jpg',
      '/uploads/b.jpg',
    ]);
  });

  it('removing every photo still sends an (empty) order, so the server drops them', () => {
    const form = updateForm({ title: 'T' }, []);
    expect(form.get('existingImages')).toBe('[]');
    expect(form.getAll('images')).toEqual([]);
  });

  it('moving one place right and left, and out of range, as the arrows do', () => {
    const list = [storedImage('a.jpg'), storedImage('b.jpg'), storedImage('c.jpg')];
    expect(moveImage(list, 0, 1).map((i) => i.url)).toEqual([
      '/uploads/b.jpg',
      '/uploads/a.jpg',
      '/uploads/c.jpg',
    ]);
    expect(moveImage(list, 2, 1).map((i) => i.url)).toEqual([
      '/uploads/a.jpg',
      '/uploads/c.jpg',
      '/uploads/b.jpg',
    ]);
    expect(moveImage(list, 2, 3)).toBe(list);
    expect(moveImage(list, 1, 1)).toBe(list);
  });
});
