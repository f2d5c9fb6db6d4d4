import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementInput } from '../../../schema/rules/announcement.ts';

/** A fresh browser profile and a fresh page load for each test; the network is a stub of fetch. */
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());
const load = () => import('./publish-queue.ts');

const fields = (title: string): AnnouncementInput =>
  ({
    title,
    category: 'Prăjituri, Băcănie, Gătit',
    description: 'Cozonac pufos cu multă umplutură de nucă și cacao, copt acasă.',
    location: 'Cluj',
    localitate: 'Cluj-Napoca',
    contactPerson: 'Ana Pop',
    contactEmail: '',
    contactPhone: '0722123456',
    price: '60',
  }) as AnnouncementInput;

type Answer = { status: number; body: unknown } | 'offline';
/** Answers the publish requests in turn; records the id and title each one carried. */
function serverAnswering(...answers: Answer[]) {
  const sent: { id: string; title: string; images: number }[] = [];
  const fetch = vi.fn(async (_path: string, init: RequestInit) => {
    const form = init.body as FormData;
    sent.push({
      id: String(form.get('id')),
      title: String(form.get('title')),
      images: form.getAll('images').length,
    });
    const next = answers.shift() ?? { status: 201, body: { _id: form.get('id') } };
    if (next === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(next.body), { status: next.status });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

describe('the publish outbox', () => {
  it('keeps what was queued offline across a page load and sends it oldest first, once, with its photos', async () => {
    const q = await load();
    const sent = serverAnswering('offline', 'offline');
    const notify = vi.fn();
    const a = q.newPendingAnnouncement('u1', fields('Cozonac cu nucă și cacao'), [new Blob(['x'])], 'a1');
    await q.queueAnnouncement(a, notify);
    await q.queueAnnouncement(
      { ...q.newPendingAnnouncement('u1', fields('Pâine de casă'), [], 'a2') },
      notify,
    );
    await q.flushOutbox('u1', notify);
    // No network: nothing was lost, nothing was said.
    expect((await q.pendingAnnouncements('u1')).map((p) => p.id)).toEqual(['a1', 'a2']);
    expect(notify).not.toHaveBeenCalled();

    vi.resetModules(); // a reload: the queue is read back from IndexedDB
    const again = await load();
    await again.flushOutbox('u1', notify);
    expect(sent.slice(-2)).toEqual([
      { id: 'a1', title: 'Cozonac cu nucă și cacao', images: 1 },
      { id: 'a2', title: 'Pâine de casă', images: 0 },
    ]);
    expect(notify.mock.calls).toEqual([
      ['Anunțul „Cozonac cu nucă și cacao” a fost publicat.', 'success', 4000],
      ['Anunțul „Pâine de casă” a fost publicat.', 'success', 4000],
    ]);
    expect(await again.pendingAnnouncements('u1')).toEqual([]);
  });

  it('keeps a refused announcement with the reason, says why, and does not send it again', async () => {
    const q = await load();
    serverAnswering('offline');
    const notify = vi.fn();
    await q.queueAnnouncement(q.newPendingAnnouncement('u1', fields('Titlu scurt'), [], 'r1'), notify);
    await q.flushOutbox('u1', notify);
    const sent = serverAnswering({
      status: 400,
      body: { error: 'Titlul trebuie să aibă între 16 și 70 de caractere.' },
    });
    await q.flushOutbox('u1', notify);
    const [kept] = await q.pendingAnnouncements('u1');
    expect(kept?.error).toBe('Titlul trebuie să aibă între 16 și 70 de caractere.');
    expect(notify).toHaveBeenLastCalledWith(
      'Anunțul „Titlu scurt” nu a putut fi publicat: Titlul trebuie să aibă între 16 și 70 de caractere.',
      'error',
      6000,
    );
    await q.flushOutbox('u1', notify);
    expect(sent).toHaveLength(1);
  });

  it("is per person: one's queue is neither listed for nor cleared by another", async () => {
    const q = await load();
    serverAnswering('offline', 'offline');
    const notify = vi.fn();
    await q.queueAnnouncement(q.newPendingAnnouncement('u1', fields('Anunțul lui unu'), [], 'p1'), notify);
    await q.queueAnnouncement(q.newPendingAnnouncement('u2', fields('Anunțul lui doi'), [], 'p2'), notify);
    expect((await q.pendingAnnouncements('u2')).map((p) => p.id)).toEqual(['p2']);
    await q.clearPendingAnnouncements('u1');
    expect(await q.pendingAnnouncements('u1')).toEqual([]);
    expect((await q.pendingAnnouncements('u2')).map((p) => p.id)).toEqual(['p2']);
  });
});

/**
 * The server of a publish with photos: `GET …/photos/:id` (fetch) answers from `photos`, each `PUT` (XHR)
 * stores one, `POST` answers from `posts` in turn (default 201). Every request is logged in order.
 */
function photoServer(posts: Answer[] = []) {
  const photos = new Map<string, string>();
  const log: string[] = [];
  const bodies: FormData[] = [];
  class Xhr {
    url = '';
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    open(_m: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    send() {
      const id = this.url.split('/').pop()!;
      log.push(`PUT ${id}`);
      photos.set(id, `/uploads/${id}.jpg`);
      queueMicrotask(() => {
        this.status = 201;
        this.responseText = JSON.stringify({ id, path: `/uploads/${id}.jpg` });
        this.onload?.();
      });
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', Xhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const form = init.body as FormData;
        bodies.push(form);
        log.push(`POST ${form.get('id')}`);
        const next = posts.shift() ?? { status: 201, body: { _id: form.get('id') } };
        if (next === 'offline') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(next.body), {
          status: next.status,
          headers: next.status === 429 ? { 'Retry-After': '120' } : {},
        });
      }
      const id = url.split('/').pop()!;
      log.push(`GET ${id}`);
      const path = photos.get(id);
      return new Response(JSON.stringify(path ? { id, path } : { error: 'Nu există' }), {
        status: path ? 200 : 404,
      });
    }),
  );
  return { photos, log, bodies };
}

const photo = (text: string) => new Blob([text], { type: 'image/jpeg' });

describe('publishing with photos sent one by one', () => {
  it('sends each photo in form order, then names them in the publish (no files in it)', async () => {
    const q = await load();
    const server = photoServer();
    const p = q.newPendingAnnouncement(
      'u1',
      fields('Cozonac cu nucă și cacao'),
      [photo('1'), photo('22'), photo('333')],
      'pub-1',
      ['ph-c', 'ph-a', 'ph-b'],
    );
    expect(await q.sendAnnouncement(p)).toEqual({ _id: 'pub-1' });
    expect(server.log).toEqual([
      'GET ph-c',
      'PUT ph-c',
      'GET ph-a',
      'PUT ph-a',
      'GET ph-b',
      'PUT ph-b',
      'POST pub-1',
    ]);
    const [body] = server.bodies;
    expect(JSON.parse(String(body?.get('photoIds')))).toEqual(['ph-c', 'ph-a', 'ph-b']);
    expect(body?.getAll('images')).toEqual([]);
    expect(body?.get('title')).toBe('Cozonac cu nucă și cacao');
    expect(body?.get('contactPhone')).toBe('0722123456');
  });

  it('a photo the server already has (an earlier attempt) is not sent again', async () => {
    const q = await load();
    const server = photoServer();
    server.photos.set('ph-1', '/uploads/ph-1.jpg');
    const p = q.newPendingAnnouncement(
      'u1',
      fields('Cozonac cu nucă și cacao'),
      [photo('1'), photo('2')],
      'pub-2',
      ['ph-1', 'ph-2'],
    );
    await q.sendAnnouncement(p);
    expect(server.log).toEqual(['GET ph-1', 'GET ph-2', 'PUT ph-2', 'POST pub-2']);
  });

  it('photo_missing (past the grace period): sends the photos again, once, then publishes', async () => {
    const q = await load();
    const server = photoServer([
      { status: 409, body: { error: 'O fotografie a expirat', code: 'photo_missing' } },
    ]);
    const p = q.newPendingAnnouncement('u1', fields('Cozonac cu nucă și cacao'), [photo('1')], 'pub-3', [
      'ph-x',
    ]);
    await q.sendAnnouncement(p);
    expect(server.log).toEqual(['GET ph-x', 'PUT ph-x', 'POST pub-3', 'GET ph-x', 'POST pub-3']);
  });

  it('a second photo_missing is not retried forever: the refusal reaches the caller', async () => {
    const q = await load();
    const missing = { status: 409, body: { error: 'O fotografie a expirat', code: 'photo_missing' } };
    const server = photoServer([missing, missing, missing]);
    const p = q.newPendingAnnouncement('u1', fields('Cozonac cu nucă și cacao'), [photo('1')], 'pub-4', [
      'ph-y',
    ]);
    await expect(q.sendAnnouncement(p)).rejects.toMatchObject({ status: 409, code: 'photo_missing' });
    expect(server.log.filter((l) => l.startsWith('POST'))).toHaveLength(2);
  });

  it('a photo the server refuses: the announcement is not published without it, and waits with the reason', async () => {
    const q = await load();
    const server = photoServer();
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        status = 400;
        responseText = JSON.stringify({ error: 'Poți încărca doar imagini în format JPG/JPEG' });
        upload = {};
        onload: (() => void) | null = null;
        open() {}
        setRequestHeader() {}
        getResponseHeader() {
          return null;
        }
        send() {
          server.log.push('PUT refused');
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    const notify = vi.fn();
    const { publishOutbox } = await import('./device-outbox.ts');
    const p = q.newPendingAnnouncement('u1', fields('Cu o fotografie refuzată'), [photo('x')], 'ref-1', [
      'ph-r',
    ]);
    await publishOutbox.put(p.id, p);
    await q.flushOutbox('u1', notify);
    expect(server.log).toEqual(['GET ph-r', 'PUT refused']);
    const [kept] = await q.pendingAnnouncements('u1');
    expect(kept?.error).toBe('Poți încărca doar imagini în format JPG/JPEG');
    expect(kept?.images).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith(
      'Anunțul „Cu o fotografie refuzată” nu a putut fi publicat: Poți încărca doar imagini în format JPG/JPEG',
      'error',
      6000,
    );
  });

  it('a lost answer: the retry from the queue carries the same id, so the server stores it once', async () => {
    const q = await load();
    const server = photoServer(['offline']);
    const notify = vi.fn();
    const p = q.newPendingAnnouncement('u1', fields('Pâine de casă cu maia'), [photo('1')], 'same-id', [
      'ph-s',
    ]);
    await q.queueAnnouncement(p, notify);
    await vi.waitFor(() => expect(server.log).toContain('POST same-id'));
    await q.flushOutbox('u1', notify);
    expect(server.log.filter((l) => l.startsWith('POST'))).toEqual(['POST same-id', 'POST same-id']);
    expect(server.log.filter((l) => l.startsWith('PUT'))).toEqual(['PUT ph-s']);
    expect(await q.pendingAnnouncements('u1')).toEqual([]);
    expect(notify).toHaveBeenCalledWith('Anunțul „Pâine de casă cu maia” a fost publicat.', 'success', 4000);
  });
});

describe('the queue under the one retry rule', () => {
  it('401: stops, keeps every announcement, says nothing', async () => {
    const q = await load();
    const server = photoServer([{ status: 401, body: { error: 'Sesiunea a expirat' } }]);
    const notify = vi.fn();
    const a = q.newPendingAnnouncement('u1', fields('Primul anunț din coadă'), [], 'k1');
    const b = { ...q.newPendingAnnouncement('u1', fields('Al doilea anunț din coadă'), [], 'k2') };
    b.queuedAt = new Date(Date.parse(a.queuedAt) + 1000).toISOString();
    const { publishOutbox } = await import('./device-outbox.ts');
    await publishOutbox.put(a.id, a);
    await publishOutbox.put(b.id, b);
    await q.flushOutbox('u1', notify);
    expect(server.log).toEqual(['POST k1']);
    expect((await q.pendingAnnouncements('u1')).map((p) => [p.id, p.error])).toEqual([
      ['k1', null],
      ['k2', null],
    ]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('429: says the limit once, keeps the announcement without an error, tries again after Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const q = await load();
      const server = photoServer([{ status: 429, body: { error: 'Ai publicat prea multe anunțuri azi.' } }]);
      const notify = vi.fn();
      const { publishOutbox } = await import('./device-outbox.ts');
      const p = q.newPendingAnnouncement('u1', fields('Anunț peste limită'), [], 'lim');
      await publishOutbox.put(p.id, p);
      await q.flushOutbox('u1', notify);
      expect(notify.mock.calls).toEqual([['Ai publicat prea multe anunțuri azi.', 'error', 6000]]);
      expect((await q.pendingAnnouncements('u1'))[0]?.error).toBeNull();
      await vi.advanceTimersByTimeAsync(119_000);
      expect(server.log).toEqual(['POST lim']);
      await vi.advanceTimersByTimeAsync(1_500);
      await vi.waitFor(() => expect(server.log).toEqual(['POST lim', 'POST lim']));
      vi.useRealTimers();
      await vi.waitFor(async () => expect(await q.pendingAnnouncements('u1')).toEqual([]));
    } finally {
      vi.useRealTimers();
    }
  });

  it('discardPending removes one; onPendingChange hears every change', async () => {
    const q = await load();
    photoServer(['offline', 'offline']);
    const changes = vi.fn();
    const off = q.onPendingChange(changes);
    await q.queueAnnouncement(q.newPendingAnnouncement('u1', fields('Rămâne în coadă'), [], 'd1'), vi.fn());
    await q.queueAnnouncement(q.newPendingAnnouncement('u1', fields('Se renunță la el'), [], 'd2'), vi.fn());
    await q.discardPending('d2');
    expect((await q.pendingAnnouncements('u1')).map((p) => p.id)).toEqual(['d1']);
    expect(changes).toHaveBeenCalledTimes(3);
    off();
  });

  it('newPendingAnnouncement makes its id before any attempt, and a fresh one each time', async () => {
    const q = await load();
    const a = q.newPendingAnnouncement('u1', fields('Primul'), []);
    const b = q.newPendingAnnouncement('u1', fields('Al doilea'), []);
    expect(a.id).toMatch(/^[0-9a-f]{24}$/);
    expect(b.id).not.toBe(a.id);
    expect(a.error).toBeNull();
    expect(Number.isNaN(Date.parse(a.queuedAt))).toBe(false);
  });

  it('queueing asks for Background Sync with the session copied where the worker can read it', async () => {
    const q = await load();
    photoServer(['offline']);
    const register = vi.fn(async () => {});
    vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({ sync: { register } }) } });
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'token' ? 'tok-u1' : null) });
    await q.queueAnnouncement(
      q.newPendingAnnouncement('u1', fields('Cu Background Sync'), [], 'bg'),
      vi.fn(),
    );
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('hobbiz-outbox'));
    const { syncAuthStore } = await import('./device-outbox.ts');
    expect(await syncAuthStore.get('auth')).toEqual({ userId: 'u1', token: 'tok-u1' });
  });
});
