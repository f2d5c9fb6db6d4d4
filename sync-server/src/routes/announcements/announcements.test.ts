import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let owner: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp();
  owner = await registerAndLogin(app);
});
afterAll(async () => {
  await app.cleanup();
});

describe('announcements', () => {
  it('popular: most favourited first, then newest, public ones only, limited', async () => {
    const old = await insertAnnouncement(app, owner.userId, {
      favoritesCount: 5,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const newer = await insertAnnouncement(app, owner.userId, {
      favoritesCount: 5,
      createdAt: '2026-06-01T00:00:00.000Z',
    });
    const top = await insertAnnouncement(app, owner.userId, { favoritesCount: 9 });
    await insertAnnouncement(app, owner.userId, { favoritesCount: 50, active: false });
    await insertAnnouncement(app, owner.userId, { favoritesCount: 60, deleted: true });
    const res = await app.inject({ url: '/api/announcements/popular?limit=3' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; user: { firstName: string } }[];
    expect(list.map((a) => a._id)).toEqual([top, newer, old]);
    expect(list[0]!.user.firstName).toBe('Ana');
    expect(list[0]).not.toHaveProperty('user.email');
  });

  it('popular defaults to 10 and rejects an absurd limit', async () => {
    for (let i = 0; i < 12; i++) await insertAnnouncement(app, owner.userId);
    expect((await app.inject({ url: '/api/announcements/popular' })).json()).toHaveLength(10);
    const bad = await app.inject({ url: '/api/announcements/popular?limit=100000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTypeOf('string');
  });

  it('one announcement by id; hidden ones answer the spec not-found text', async () => {
    const id = await insertAnnouncement(app, owner.userId, { title: 'Ședință foto de familie în parc' });
    const res = await app.inject({ url: `/api/announcements/${id}` });
    expect(res.json()).toMatchObject({ _id: id, title: 'Ședință foto de familie în parc' });
    const hidden = await insertAnnouncement(app, owner.userId, { active: false });
    expect((await app.inject({ url: `/api/announcements/${hidden}` })).json()).toEqual({
      error: 'Anunțul nu a fost găsit',
    });
    const asOwner = await app.inject({
      url: `/api/announcements/${hidden}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(asOwner.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/announcements/nu-e-id' })).statusCode).toBe(404);
  });
});
