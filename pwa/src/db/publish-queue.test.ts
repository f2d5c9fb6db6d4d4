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
