import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../schema/constants.ts';
import { announcements } from '../../../../schema/db/tables.ts';
import { FAVORITE_MESSAGES } from '../../../../schema/rules/favorites.ts';
import { client } from '../../replication/test-client.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';

/** The 150-favourite limit counts only favourites of announcements the person can still see. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };
let app: App;
let seller: User;
let ana: User;
let ids: string[];

beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  ana = await registerAndLogin(app);
  ids = await Promise.all(
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
});
afterEach(async () => {
  await app.cleanup();
});

const post = (id: string) =>
  app.inject({
    method: 'POST',
    url: `/api/favorites/${id}`,
    headers: { authorization: `Bearer ${ana.token}` },
  });
const setAnn = (id: string, column: 'deleted' | 'active', value: boolean) =>
  app.uow.write(async (tx) => {
    await app.db
      .update(announcements)
      .set({ [column]: value, seq: tx.seq() })
      .where(eq(announcements.id, id));
  });

describe('favourites limit', () => {
  it('favourites of deleted or deactivated announcements take no place (REST)', async () => {
    const fresh = await insertAnnouncement(app, seller.userId);
    expect((await post(fresh)).json()).toEqual({ error: FAVORITE_MESSAGES.limit, code: 'favorites_limit' });
    await setAnn(ids[0]!, 'deleted', true);
    expect((await post(fresh)).statusCode).toBe(200);
    // Full again: a deactivated announcement's favourite frees a place too.
    const another = await insertAnnouncement(app, seller.userId);
    expect((await post(another)).statusCode).toBe(400);
    await setAnn(ids[1]!, 'active', false);
    expect((await post(another)).statusCode).toBe(200);
  });

  it('one’s own deactivated announcement still counts (its owner still sees it)', async () => {
    const own = await insertAnnouncement(app, ana.userId, { active: false });
    setAnn(ids[0]!, 'deleted', true);
    expect((await post(own)).statusCode).toBe(200);
    expect((await post(await insertAnnouncement(app, seller.userId))).statusCode).toBe(400);
  });

  it('the same rule holds for a favourite pushed over the sync socket', async () => {
    const fresh = await insertAnnouncement(app, seller.userId);
    const c = client(await app.injectWS('/api/sync'));
    c.hello(ana.token);
    await c.answer();
    const row = { newDocumentState: { id: fresh, createdAt: new Date().toISOString(), _deleted: false } };
    expect(await c.push('favorites', [row])).toEqual([{ ...row.newDocumentState, _deleted: true }]);
    await setAnn(ids[0]!, 'deleted', true);
    expect(await c.push('favorites', [row])).toEqual([]);
    expect((await app.favoritesRepo.get(ana.userId, fresh))?.deleted).toBe(false);
  });
});
