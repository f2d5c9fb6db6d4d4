import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../schema/constants.ts';
import { announcements } from '../../../../schema/db/tables.ts';
import { FAVORITE_MESSAGES } from '../../../../schema/rules/favorites.ts';
import { newId } from '../../lib/ids.ts';
import { rawGet } from '../../lib/sql.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };
let app: App;
let seller: User;
let ana: User;
let bob: User;
let ann: string;

beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  ana = await registerAndLogin(app);
  bob = await registerAndLogin(app);
  ann = await insertAnnouncement(app, seller.userId);
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (u: User | null) => (u ? { authorization: `Bearer ${u.token}` } : {});
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, u: User | null) =>
  app.inject({ method, url, headers: auth(u) });
const favoritesCount = async (id: string) =>
  ((await call('GET', `/api/announcements/${id}`, null)).json() as { favoritesCount: number }).favoritesCount;
const rowCount = async () =>
  Number(
    (await rawGet<{ n: number }>(app.db, sql`SELECT COUNT(*) AS n FROM favorites WHERE deleted = 0`))?.n,
  );
const setActive = (id: string, active: boolean) =>
  app.uow.write(async (tx) => {
    await app.db.update(announcements).set({ active, seq: tx.seq() }).where(eq(announcements.id, id));
  });
const unauthorized = { error: 'Trebuie să fii autentificat.', code: 'unauthorized' };

describe('favourites of a signed-in user', () => {
  it('a guest is refused on every /api/favorites path', async () => {
    for (const [method, url] of [
      ['GET', '/api/favorites'],
      ['POST', `/api/favorites/${ann}`],
      ['DELETE', `/api/favorites/${ann}`],
    ] as const) {
      const res = await call(method, url, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(unauthorized);
    }
    expect(await rowCount()).toBe(0);
  });

  it('adds, lists, and removes; the counter is the server’s count of live rows', async () => {
    const add = await call('POST', `/api/favorites/${ann}`, ana);
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ favoriteIds: [ann] });
    expect(await favoritesCount(ann)).toBe(1);

    const list = await call('GET', '/api/favorites', ana);
    expect(list.statusCode).toBe(200);
    const body = list.json() as { favoriteIds: string[]; favorites: Record<string, unknown>[] };
    expect(body.favoriteIds).toEqual([ann]);
    expect(body.favorites).toHaveLength(1);
    expect(body.favorites[0]).toMatchObject({
      _id: ann,
      title: 'Tort de ciocolată pentru aniversări',
      favoritesCount: 1,
      user: { _id: seller.userId, firstName: 'Ana', lastName: 'Pop', avatar: null },
    });
    expect(body.favorites[0]).not.toHaveProperty('id');
    expect(body.favorites[0]!.user).not.toHaveProperty('email');

    await call('POST', `/api/favorites/${ann}`, bob);
    expect(await favoritesCount(ann)).toBe(2);

    const del = await call('DELETE', `/api/favorites/${ann}`, ana);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ favoriteIds: [] });
    expect(await favoritesCount(ann)).toBe(1);
    expect((await call('GET', '/api/favorites', ana)).json()).toEqual({ favoriteIds: [], favorites: [] });
  });

  it('is idempotent: adding twice keeps one row, removing a non-favourite answers 200', async () => {
    await call('POST', `/api/favorites/${ann}`, ana);
    const again = await call('POST', `/api/favorites/${ann}`, ana);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ favoriteIds: [ann] });
    expect(await rowCount()).toBe(1);
    expect(await favoritesCount(ann)).toBe(1);

    const other = await insertAnnouncement(app, seller.userId);
    const del = await call('DELETE', `/api/favorites/${other}`, ana);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ favoriteIds: [ann] });
    await call('DELETE', `/api/favorites/${ann}`, ana);
    expect((await call('DELETE', `/api/favorites/${ann}`, ana)).statusCode).toBe(200);
    expect(await favoritesCount(ann)).toBe(0);
  });

  it('another user can neither see nor remove someone’s favourites', async () => {
    await call('POST', `/api/favorites/${ann}`, ana);
    expect((await call('GET', '/api/favorites', bob)).json()).toEqual({ favoriteIds: [], favorites: [] });
    expect((await call('DELETE', `/api/favorites/${ann}`, bob)).json()).toEqual({ favoriteIds: [] });
    expect((await call('GET', '/api/favorites', ana)).json()).toMatchObject({ favoriteIds: [ann] });
    expect(await favoritesCount(ann)).toBe(1);
  });

  it('refuses unknown, malformed and hidden announcements with 404', async () => {
    for (const id of [newId(), 'not-an-id', '../../etc']) {
      const res = await call('POST', `/api/favorites/${encodeURIComponent(id)}`, ana);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: FAVORITE_MESSAGES.notFound, code: 'not_found' });
    }
    const hidden = await insertAnnouncement(app, seller.userId, { active: false });
    expect((await call('POST', `/api/favorites/${hidden}`, ana)).statusCode).toBe(404);
    // The owner still sees their deactivated announcement, so they may keep it as a favourite.
    expect((await call('POST', `/api/favorites/${hidden}`, seller)).statusCode).toBe(200);
    expect(await rowCount()).toBe(1);
  });

  it('lists only favourites still visible, while their ids stay removable', async () => {
    await call('POST', `/api/favorites/${ann}`, ana);
    await setActive(ann, false);
    const list = (await call('GET', '/api/favorites', ana)).json() as {
      favoriteIds: string[];
      favorites: [];
    };
    expect(list.favoriteIds).toEqual([ann]);
    expect(list.favorites).toEqual([]);
    expect((await call('DELETE', `/api/favorites/${ann}`, ana)).json()).toEqual({ favoriteIds: [] });
  });

  it(`stops at ${LIMITS.favoritesMax} favourites with the spec’s message`, async () => {
    const ids = await Promise.all(
      Array.from({ length: LIMITS.favoritesMax }, () => insertAnnouncement(app, seller.userId)),
    );
    await app.uow.write(async (tx) => {
      for (const id of ids) {
        await app.favoritesRepo.put({
          userId: ana.userId,
          announcementId: id,
          createdAt: new Date().toISOString(),
          deleted: false,
          seq: tx.seq(),
        });
      }
    });
    const over = await call('POST', `/api/favorites/${ann}`, ana);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: FAVORITE_MESSAGES.limit, code: 'favorites_limit' });
    expect(over.json().error).toBe(
      'Poți salva cel mult 150 de anunțuri favorite. Șterge unul ca să adaugi altul.',
    );
    // Re-adding one already there is not a new favourite; removing one makes room.
    expect((await call('POST', `/api/favorites/${ids[0]}`, ana)).statusCode).toBe(200);
    await call('DELETE', `/api/favorites/${ids[0]}`, ana);
    expect((await call('POST', `/api/favorites/${ann}`, ana)).statusCode).toBe(200);
    expect(await rowCount()).toBe(LIMITS.favoritesMax);
  });
});

describe('guest favourite endpoints (/api/announcements/:id/favorite)', () => {
  it('a guest can call them any number of times without moving the counter', async () => {
    await call('POST', `/api/favorites/${ann}`, ana);
    for (let i = 0; i < 20; i++) {
      const res = await call('POST', `/api/announcements/${ann}/favorite`, null);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await favoritesCount(ann)).toBe(1);
    for (let i = 0; i < 5; i++) {
      expect((await call('DELETE', `/api/announcements/${ann}/favorite`, null)).json()).toEqual({ ok: true });
    }
    expect(await favoritesCount(ann)).toBe(1);
    expect(await rowCount()).toBe(1);
  });

  it('answers 404 for an unknown or hidden announcement, guest or not', async () => {
    const hidden = await insertAnnouncement(app, seller.userId, { active: false });
    for (const u of [null, ana]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await call(method, `/api/announcements/${newId()}/favorite`, u);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: FAVORITE_MESSAGES.notFound, code: 'not_found' });
      }
    }
    expect((await call('POST', `/api/announcements/${hidden}/favorite`, null)).statusCode).toBe(404);
    expect((await call('POST', `/api/announcements/${hidden}/favorite`, ana)).statusCode).toBe(404);
  });

  it('for a signed-in caller does exactly what /api/favorites/:id does', async () => {
    const add = await call('POST', `/api/announcements/${ann}/favorite`, ana);
    expect(add.json()).toEqual({ favoriteIds: [ann] });
    await call('POST', `/api/announcements/${ann}/favorite`, ana);
    expect(await favoritesCount(ann)).toBe(1);
    const del = await call('DELETE', `/api/announcements/${ann}/favorite`, ana);
    expect(del.json()).toEqual({ favoriteIds: [] });
    expect(await favoritesCount(ann)).toBe(0);
  });
});
