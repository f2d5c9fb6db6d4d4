import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../schema/constants.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { connectedClient } from './test-client.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

const connect = (token: string | null) => connectedClient(app, token);

const fav = (id: string, deleted = false, createdAt = '2026-01-01T00:00:00.000Z') => ({
  id,
  createdAt,
  _deleted: deleted,
});

const draft = (title: string) => ({
  id: 'draft',
  title,
  category: '',
  description: 'Scriu pe tren, fără semnal.',
  location: 'Cluj',
  localitate: '',
  contactPerson: 'Ana',
  contactEmail: '',
  contactPhone: '',
  price: '',
  updatedAt: '2026-11-22T10:00:00.000Z',
  _deleted: false,
});

describe('push: favourites', () => {
  it('inserts, derives favoritesCount on the server, and a duplicate push changes nothing', async () => {
    const seller = await registerAndLogin(app);
    const buyer = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, seller.userId, { favoritesCount: 999 });
    const c = await connect(buyer.token);
    expect(await c.push('favorites', [{ newDocumentState: fav(ann) }])).toEqual([]);
    const pulled = await c.pull(null, 10, 'favorites');
    expect(pulled.documents).toHaveLength(1);
    expect(pulled.documents[0]).toMatchObject({ id: ann, _deleted: false });
    // A sane client timestamp is kept (so the stored document is the pushed one: no false conflicts).
    expect(pulled.documents[0]!.createdAt).toBe('2026-01-01T00:00:00.000Z');
    // The count is recomputed from the rows (999 from nowhere is gone).
    expect((await app.announcementsRepo.byId(ann))!.favoritesCount).toBe(1);

    const seqBefore = (await app.favoritesRepo.get(buyer.userId, ann))!.seq;
    const retry = await c.push('favorites', [{ newDocumentState: pulled.documents[0] }]);
    expect(retry).toEqual([]);
    expect((await app.favoritesRepo.get(buyer.userId, ann))!.seq).toBe(seqBefore);
    expect((await c.pull(pulled.checkpoint, 10, 'favorites')).documents).toEqual([]);
  });

  it('removal is a tombstone that reaches the owner, and re-adding after it is an insert', async () => {
    const u = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, u.userId);
    const c = await connect(u.token);
    await c.push('favorites', [{ newDocumentState: fav(ann) }]);
    const [doc] = (await c.pull(null, 10, 'favorites')).documents;
    expect(
      await c.push('favorites', [{ newDocumentState: { ...doc, _deleted: true }, assumedMasterState: doc }]),
    ).toEqual([]);
    const after = await c.pull(null, 10, 'favorites');
    expect(after.documents.map((d) => d._deleted)).toEqual([true]);
    expect((await app.announcementsRepo.byId(ann))!.favoritesCount).toBe(0);
    // Another device that never saw the removal adds it again: an insert, not a conflict.
    expect(await c.push('favorites', [{ newDocumentState: fav(ann) }])).toEqual([]);
    expect((await app.announcementsRepo.byId(ann))!.favoritesCount).toBe(1);
  });

  it('a stale assumed state is a conflict carrying the server copy', async () => {
    const u = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, u.userId);
    const c = await connect(u.token);
    await c.push('favorites', [{ newDocumentState: fav(ann) }]);
    const [server] = (await c.pull(null, 10, 'favorites')).documents;
    const stale = { ...server, createdAt: '1999-01-01T00:00:00.000Z' };
    const conflicts = await c.push('favorites', [
      { newDocumentState: { ...stale, _deleted: true }, assumedMasterState: stale },
    ]);
    expect(conflicts).toEqual([server]);
    expect((await app.favoritesRepo.get(u.userId, ann))!.deleted).toBe(false);
  });

  it('a forbidden row comes back as a conflict with a Romanian reason, and the rest of the batch goes on', async () => {
    const u = await registerAndLogin(app);
    const ok = await insertAnnouncement(app, u.userId);
    const c = await connect(u.token);
    const missing = 'ffffffffffffffffffffffff';
    const conflicts = await c.push('favorites', [
      { newDocumentState: fav(missing) },
      { newDocumentState: fav(ok) },
    ]);
    expect(conflicts).toEqual([{ id: missing, createdAt: '2026-01-01T00:00:00.000Z', _deleted: true }]);
    expect((await app.favoritesRepo.get(u.userId, ok))?.deleted).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(c.side).toContainEqual({
      type: 'event',
      name: 'syncRejected',
      payload: { collection: 'favorites', id: missing, error: 'Anunțul nu a fost găsit' },
    });
  });

  it(`refuses favourite number ${LIMITS.favoritesMax + 1} with the limit message`, async () => {
    const u = await registerAndLogin(app);
    const ids = await Promise.all(
      Array.from({ length: LIMITS.favoritesMax + 1 }, () => insertAnnouncement(app, u.userId)),
    );
    const c = await connect(u.token);
    const first = ids.slice(0, 100).map((id) => ({ newDocumentState: fav(id) }));
    const rest = ids.slice(100).map((id) => ({ newDocumentState: fav(id) }));
    expect(await c.push('favorites', first)).toEqual([]);
    const conflicts = await c.push('favorites', rest);
    expect(conflicts.map((d) => d.id)).toEqual([ids.at(-1)]);
    expect(await app.favoritesRepo.activeCount(u.userId)).toBe(LIMITS.favoritesMax);
    await new Promise((r) => setTimeout(r, 20));
    const rejected = c.side.find((m) => m.type === 'event' && m.name === 'syncRejected');
    expect(JSON.stringify(rejected ?? null)).toContain('Poți salva cel mult 150 de anunțuri favorite');
  });

  it('isolation: nobody else receives a user’s favourites, by pull or poke; guests may not pull them', async () => {
    const a = await registerAndLogin(app);
    const b = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, a.userId);
    const ca = await connect(a.token);
    const cb = await connect(b.token);
    await ca.push('favorites', [{ newDocumentState: fav(ann) }]);
    expect((await cb.pull(null, 10, 'favorites')).documents).toEqual([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(cb.side.filter((m) => m.type === 'poke' && m.collections.includes('favorites'))).toEqual([]);
    expect(cb.side.filter((m) => m.type === 'event' && m.name === 'favoritesUpdated')).toEqual([]);
    expect(ca.side).toContainEqual({
      type: 'event',
      name: 'favoritesUpdated',
      payload: { favoriteIds: [ann] },
    });

    const guest = await connect(null);
    guest.send({ type: 'pull', id: 'g1', collection: 'favorites', checkpoint: null, batchSize: 10 });
    expect(await guest.answer()).toMatchObject({ type: 'error', id: 'g1', code: 'forbidden' });
    guest.send({ type: 'push', id: 'g2', collection: 'favorites', rows: [{ newDocumentState: fav(ann) }] });
    expect(await guest.answer()).toMatchObject({ type: 'error', id: 'g2', code: 'forbidden' });
  });

  it('answers malformed pushes with an error instead of crashing', async () => {
    const u = await registerAndLogin(app);
    const c = await connect(u.token);
    c.send({ type: 'push', id: 'm1', collection: 'favorites', rows: [{ nope: 1 }] });
    expect(await c.answer()).toMatchObject({ type: 'error', id: 'm1', code: 'bad-request' });
    c.send({ type: 'push', id: 'm2', collection: 'favorites', rows: 'x' });
    expect(await c.answer()).toMatchObject({ type: 'error', id: 'm2', code: 'bad-request' });
  });
});

describe('push: draft', () => {
  it('follows the seller to another device, never to someone else', async () => {
    const seller = await registerAndLogin(app);
    const other = await registerAndLogin(app);
    const phone = await connect(seller.token);
    const laptop = await connect(seller.token);
    const stranger = await connect(other.token);
    expect(await phone.push('drafts', [{ newDocumentState: draft('Tort cu fructe de pădure') }])).toEqual([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(laptop.side).toContainEqual({ type: 'poke', collections: ['drafts'] });
    expect(stranger.side.filter((m) => m.type === 'poke')).toEqual([]);
    const onLaptop = await laptop.pull(null, 10, 'drafts');
    expect(onLaptop.documents).toEqual([draft('Tort cu fructe de pădure')]);
    expect((await stranger.pull(null, 10, 'drafts')).documents).toEqual([]);

    // Edits based on the server's state are written; edits based on an old one conflict.
    const v2 = { ...draft('Tort cu fructe de pădure și mascarpone') };
    expect(
      await laptop.push('drafts', [{ newDocumentState: v2, assumedMasterState: onLaptop.documents[0] }]),
    ).toEqual([]);
    const late = await phone.push('drafts', [
      { newDocumentState: draft('Altceva'), assumedMasterState: draft('Tort cu fructe de pădure') },
    ]);
    expect(late).toEqual([v2]);
  });

  it('refuses oversized fields as a conflict', async () => {
    const u = await registerAndLogin(app);
    const c = await connect(u.token);
    const conflicts = await c.push('drafts', [{ newDocumentState: draft('x'.repeat(5000)) }]);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!._deleted).toBe(true);
  });

  it('refuses a field that is not text or a draft under another id; drops fields a draft does not have', async () => {
    const u = await registerAndLogin(app);
    const c = await connect(u.token);
    expect(await c.push('drafts', [{ newDocumentState: { ...draft('x'), price: 150 } }])).toHaveLength(1);
    expect(await c.push('drafts', [{ newDocumentState: { ...draft('x'), id: 'other' } }])).toHaveLength(1);
    const { title: _missing, ...noTitle } = draft('x');
    expect(await c.push('drafts', [{ newDocumentState: noTitle }])).toHaveLength(1);
    const extra = { ...draft('Păstrat'), ownerId: 'altcineva', seq: 99 };
    expect(await c.push('drafts', [{ newDocumentState: extra }])).toEqual([]);
    expect((await c.pull(null, 10, 'drafts')).documents).toEqual([draft('Păstrat')]);
  });
});
