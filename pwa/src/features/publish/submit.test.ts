// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishOutbox } from '../../db/device-outbox.ts';
import type { DraftFields } from '../../db/draft.ts';
import { cancelPhoto } from '../../db/photo-uploads.ts';
import { flushOutbox, pendingAnnouncements } from '../../db/publish-queue.ts';
import type { SyncClient } from '../../db/sync-client.ts';
import { setSyncClient } from '../../db/sync-status.ts';
import { newImage, storedImage } from './images.ts';
import { publishAnnouncement, updateAnnouncement } from './submit.ts';

/**
 * 'Publică' and 'Actualizează' as the server and the outbox see them. The network is stubbed at fetch
 * (GET photo, POST/PUT announcement) and XMLHttpRequest (PUT photo); IndexedDB is fake, emptied per test.
 */
const FIELDS: DraftFields = {
  title: '  Cozonac cu nucă și cacao  ',
  category: 'Prăjituri, Băcănie, Gătit',
  description: 'Cozonac pufos cu multă umplutură de nucă și cacao, copt acasă.',
  location: 'Cluj',
  localitate: 'Cluj-Napoca',
  contactPerson: 'Ana Pop',
  contactEmail: 'ANA@Example.ro',
  contactPhone: '0722 123 456',
  price: '60',
};

type Reply = { status: number; body?: unknown } | 'offline';
type Sent = { method: string; url: string; form?: FormData };
let sent: Sent[];
/** How the server answers the announcement requests (POST or PUT) in turn (then 201), and each photo PUT. */
let replies: Reply[];
let photoReply: Reply | 'never';

beforeEach(async () => {
  await publishOutbox.clear();
  localStorage.setItem('token', 'tok-ana');
  sent = [];
  replies = [];
  photoReply = { status: 201 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ method, url, form: init.body as FormData });
      if (method === 'GET') return new Response('{"error":"nu"}', { status: 404 });
      const r = replies.shift() ?? { status: 201 };
      if (r === 'offline') throw new TypeError('Failed to fetch');
      const body = r.body ?? { _id: (init.body as FormData).get('id') ?? url.split('/').pop() };
      return new Response(r.status === 500 ? '' : JSON.stringify(body), { status: r.status });
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
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(_m: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      getResponseHeader() {
        return null;
      }
      send() {
        sent.push({ method: 'PUT', url: this.url });
        const r = photoReply;
        if (r === 'never') return;
        queueMicrotask(() => {
          if (r === 'offline') return this.onerror?.();
          this.status = r.status;
          this.responseText = JSON.stringify(r.body ?? { path: `/uploads/${this.url.split('/').pop()}.jpg` });
          this.onload?.();
        });
      }
      abort() {
        this.onabort?.();
      }
    },
  );
});
afterEach(async () => {
  // A drain the test started in the background ends here (a later call joins the running one).
  await flushOutbox('u1', () => {});
  setSyncClient(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

const setLink = (value: 'online' | 'offline') =>
  setSyncClient({ status$: { value } } as unknown as SyncClient);
const jpeg = (text: string) => new Blob([text], { type: 'image/jpeg' });
/** A Blob fake-indexeddb (Node's structured clone) can keep; happy-dom's Blob comes back as {}. */
const storable = (text: string) => new NodeBlob([text], { type: 'image/jpeg' }) as unknown as Blob;
const posts = () => sent.filter((s) => s.method === 'POST');
const m = { publishAnnouncement, updateAnnouncement, newImage, storedImage, pendingAnnouncements, setLink };

describe('publishAnnouncement', () => {
  it('offline: queues it on the device under the form’s id, normalised, photos in form order; nothing is sent', async () => {
    m.setLink('offline');
    const photos = [
      m.newImage(storable('cover')),
      m.storedImage('/uploads/old.jpg'),
      m.newImage(storable('second')),
    ];
    const result = await m.publishAnnouncement('u1', FIELDS, photos, 'form-id-1');
    expect(result).toEqual({ kind: 'queued', id: 'form-id-1', photosPending: false });
    const [kept] = await m.pendingAnnouncements('u1');
    expect(kept?.id).toBe('form-id-1');
    expect(kept?.fields).toMatchObject({
      title: 'Cozonac cu nucă și cacao',
      contactEmail: 'ana@example.ro',
      location: 'Cluj',
      localitate: 'Cluj-Napoca',
    });
    // Only the photos of this device go in the queue, with the ids they go up under.
    expect(await Promise.all((kept?.images ?? []).map((b) => b.text()))).toEqual(['cover', 'second']);
    expect(kept?.photoIds).toEqual(photos.flatMap((p) => (p.kind === 'new' ? [p.photoId] : [])));
    expect(kept?.error).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('the browser says offline (no sync client yet): queued too', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const result = await m.publishAnnouncement('u1', FIELDS, [], 'form-id-2');
    expect(result.kind).toBe('queued');
    expect((await m.pendingAnnouncements('u1')).map((p) => p.id)).toEqual(['form-id-2']);
  });

  it('online with its photos up: published at once, under the form’s id, naming the photos; nothing left queued', async () => {
    m.setLink('online');
    const a = m.newImage(jpeg('a'));
    const b = m.newImage(jpeg('b'));
    const result = await m.publishAnnouncement('u1', FIELDS, [a, b], 'form-id-3');
    expect(result).toEqual({ kind: 'published', id: 'form-id-3' });
    const [post] = posts();
    expect(post?.url).toBe('/api/users/my-announcements');
    expect(post?.form?.get('id')).toBe('form-id-3');
    expect(JSON.parse(String(post?.form?.get('photoIds')))).toEqual(
      [a, b].map((i) => (i.kind === 'new' ? i.photoId : '')),
    );
    expect(post?.form?.getAll('images')).toEqual([]);
    expect(await m.pendingAnnouncements('u1')).toEqual([]);
  });

  it('a photo still going up after 4 s: the publish is queued and goes after the photos', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    m.setLink('online');
    photoReply = 'never';
    const slow = m.newImage(jpeg('slow'));
    const result = m.publishAnnouncement('u1', FIELDS, [slow], 'form-id-4');
    await vi.advanceTimersByTimeAsync(3_900);
    expect(posts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(await result).toEqual({ kind: 'queued', id: 'form-id-4', photosPending: true });
    expect((await m.pendingAnnouncements('u1')).map((p) => p.id)).toEqual(['form-id-4']);
    expect(posts()).toEqual([]);
    // The queue waits for the same upload (no second PUT) rather than publishing without the photo.
    expect(sent.filter((x) => x.method === 'PUT')).toHaveLength(1);
    if (slow.kind === 'new') cancelPhoto(slow.photoId);
  });

  it('a photo the server refuses (400) or a session ended while it went up (401): the form says so, nothing is queued', async () => {
    m.setLink('online');
    photoReply = { status: 400, body: { error: 'Fișierul nu este o imagine acceptată.' } };
    const bad = m.newImage(jpeg('nu-e-poza'));
    expect(await m.publishAnnouncement('u1', FIELDS, [bad], 'form-id-8')).toEqual({
      kind: 'failed',
      message: 'Fișierul nu este o imagine acceptată.',
    });
    photoReply = { status: 401, body: { error: 'neautorizat' } };
    const later = m.newImage(jpeg('alta'));
    expect(await m.publishAnnouncement('u1', FIELDS, [later], 'form-id-9')).toMatchObject({
      kind: 'failed',
      sessionExpired: true,
    });
    expect(await m.pendingAnnouncements('u1')).toEqual([]);
    expect(posts()).toEqual([]);
  });

  it('a photo refused by a busy server (429) or a proxy (502) is not a refusal: the publish waits in the queue', async () => {
    m.setLink('online');
    photoReply = { status: 429, body: { error: 'Prea multe fotografii.' } };
    const busy = m.newImage(jpeg('ocupat'));
    expect(await m.publishAnnouncement('u1', FIELDS, [busy], 'form-id-10')).toEqual({
      kind: 'queued',
      id: 'form-id-10',
      photosPending: true,
    });
    await m.pendingAnnouncements('u1').then((p) => expect(p.map((x) => x.id)).toEqual(['form-id-10']));
    photoReply = { status: 201 };
  });

  it('the answer to the publish is lost: queued under the same id, so the retry stores it once', async () => {
    m.setLink('online');
    replies = ['offline'];
    const result = await m.publishAnnouncement('u1', FIELDS, [], 'form-id-5');
    expect(result).toEqual({ kind: 'queued', id: 'form-id-5', photosPending: false });
    await flushOutbox('u1', () => {});
    expect(posts().map((p) => p.form?.get('id'))).toEqual(['form-id-5', 'form-id-5']);
    expect(await m.pendingAnnouncements('u1')).toEqual([]);
  });

  it('401: the session ended; nothing is queued', async () => {
    m.setLink('online');
    replies = [{ status: 401, body: { error: 'neautorizat' } }];
    const result = await m.publishAnnouncement('u1', FIELDS, [], 'form-id-6');
    expect(result).toEqual({
      kind: 'failed',
      message: 'Sesiunea a expirat. Te rugăm să te autentifici din nou.',
      sessionExpired: true,
    });
    expect(await m.pendingAnnouncements('u1')).toEqual([]);
  });

  it('a refusal shows the server’s Romanian message; a bare 5xx the spec’s fallback', async () => {
    m.setLink('online');
    replies = [{ status: 400, body: { error: 'Titlul trebuie să aibă cel puțin 16 caractere' } }];
    expect(await m.publishAnnouncement('u1', FIELDS, [], 'form-id-7')).toEqual({
      kind: 'failed',
      message: 'Titlul trebuie să aibă cel puțin 16 caractere',
    });
    replies = [{ status: 500 }];
    expect(await m.publishAnnouncement('u1', FIELDS, [], 'form-id-7')).toEqual({
      kind: 'failed',
      message: 'Eroare la publicarea anunțului. Încearcă din nou!',
    });
    expect(await m.pendingAnnouncements('u1')).toEqual([]);
  });

  it('a second click after a failure is the same publish (same id)', async () => {
    m.setLink('online');
    replies = [{ status: 503, body: { error: 'Serviciu indisponibil' } }];
    await m.publishAnnouncement('u1', FIELDS, [], 'form-id-8');
    replies = [{ status: 201 }];
    await m.publishAnnouncement('u1', FIELDS, [], 'form-id-8');
    expect(posts().map((p) => p.form?.get('id'))).toEqual(['form-id-8', 'form-id-8']);
  });
});

describe('updateAnnouncement', () => {
  it('PUTs the fields and the order of every photo to the announcement', async () => {
    replies = [{ status: 200, body: { _id: 'ann-1' } }];
    const list = [m.newImage(jpeg('nou')), m.storedImage('/uploads/a.jpg')];
    expect(await m.updateAnnouncement('ann-1', FIELDS, list)).toEqual({ kind: 'updated', id: 'ann-1' });
    const [put] = sent.filter((s) => s.method === 'PUT');
    expect(put?.url).toBe('/api/users/my-announcements/ann-1');
    expect(put?.form?.get('title')).toBe('Cozonac cu nucă și cacao');
    expect(JSON.parse(String(put?.form?.get('existingImages')))).toEqual(['new:0', '/uploads/a.jpg']);
    expect(put?.form?.getAll('images')).toHaveLength(1);
  });

  it('offline: the changes stay in the form, with the spec’s message; nothing is queued', async () => {
    replies = ['offline'];
    expect(await m.updateAnnouncement('ann-1', FIELDS, [])).toEqual({
      kind: 'failed',
      message:
        'Nu ești conectat la internet. Modificările rămân în formular; încearcă din nou când revine conexiunea.',
    });
    expect(await m.pendingAnnouncements('u1')).toEqual([]);
  });

  it('401 ends the session; a bare 5xx says the update failed', async () => {
    replies = [{ status: 401 }];
    expect(await m.updateAnnouncement('ann-1', FIELDS, [])).toMatchObject({ sessionExpired: true });
    replies = [{ status: 500 }];
    expect(await m.updateAnnouncement('ann-1', FIELDS, [])).toEqual({
      kind: 'failed',
      message: 'Eroare la actualizarea anunțului. Încearcă din nou!',
    });
  });
});
