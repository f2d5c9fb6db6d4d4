import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementViews } from '../../../../schema/db/tables.ts';
import { photoUploadsRepository } from '../../repositories/photo-uploads.ts';
import { announcementsService, viewerNetwork } from '../../services/announcements.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let owner: { token: string; userId: string };
let visitor: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp();
  owner = await registerAndLogin(app);
  visitor = await registerAndLogin(app);
});
afterAll(async () => {
  await app.cleanup();
});

const ids = (res: { json(): unknown }) => (res.json() as { _id: string }[]).map((a) => a._id);

describe('public lists', () => {
  it('GET /api/announcements: public ones, newest first; ?category= filters; an unknown category is []', async () => {
    const a = await insertAnnouncement(app, owner.userId, {
      category: 'Business',
      createdAt: '2026-03-01T00:00:00.000Z',
    });
    const b = await insertAnnouncement(app, visitor.userId, {
      category: 'Business',
      createdAt: '2026-04-01T00:00:00.000Z',
    });
    await insertAnnouncement(app, owner.userId, { category: 'Business', active: false });
    await insertAnnouncement(app, owner.userId, { category: 'Business', deleted: true });
    const c = await insertAnnouncement(app, owner.userId, {
      category: 'Prăjituri, Băcănie, Gătit',
      createdAt: '2026-05-01T00:00:00.000Z',
    });

    const business = await app.inject({ url: '/api/announcements?category=Business' });
    expect(business.statusCode).toBe(200);
    expect(ids(business)).toEqual([b, a]);
    expect(business.json()[0]).toMatchObject({ _id: b, category: 'Business', user: { _id: visitor.userId } });

    const encoded = encodeURIComponent('Prăjituri, Băcănie, Gătit');
    expect(ids(await app.inject({ url: `/api/announcements?category=${encoded}` }))).toEqual([c]);
    expect((await app.inject({ url: '/api/announcements?category=Astrologie' })).json()).toEqual([]);
    expect(ids(await app.inject({ url: '/api/announcements' }))).toEqual([c, b, a]);
  });

  it('GET /api/announcements: ?limit= up to 200 across search pages, the cursor continuing exactly; ?ids=', async () => {
    const seller = await registerAndLogin(app);
    const made: string[] = [];
    for (let i = 0; i < 70; i++)
      made.push(
        await insertAnnouncement(app, seller.userId, {
          category: 'Fotografie',
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
        }),
      );
    const first = await app.inject({ url: '/api/announcements?category=Fotografie&limit=65' });
    expect(first.statusCode, first.body).toBe(200);
    expect(ids(first)).toEqual([...made].reverse().slice(0, 65));
    const cursor = first.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    const rest = await app.inject({
      url: `/api/announcements?category=Fotografie&limit=65&cursor=${encodeURIComponent(String(cursor))}`,
    });
    expect(ids(rest)).toEqual([...made].reverse().slice(65));
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    for (const bad of ['0', '201', 'x'])
      expect((await app.inject({ url: `/api/announcements?limit=${bad}` })).statusCode, bad).toBe(400);

    const hidden = await insertAnnouncement(app, seller.userId, { active: false });
    const wanted = [made[3]!, hidden, made[1]!, '0123456789abcdef01234567'];
    const some = await app.inject({ url: `/api/announcements?ids=${wanted.join(',')}` });
    expect(ids(some)).toEqual([made[3], made[1]]);
    expect((await app.inject({ url: '/api/announcements?ids=nu-e-id' })).json()).toEqual({
      error: 'Trimite cel mult 200 de identificatori valizi, despărțiți prin virgulă.',
      code: 'validation',
    });
  });

  it('GET /api/users/announcements/:userId: that user’s public ones only, newest first', async () => {
    const seller = await registerAndLogin(app);
    const older = await insertAnnouncement(app, seller.userId, { createdAt: '2026-01-01T00:00:00.000Z' });
    const newer = await insertAnnouncement(app, seller.userId, { createdAt: '2026-02-01T00:00:00.000Z' });
    await insertAnnouncement(app, seller.userId, { active: false });
    await insertAnnouncement(app, seller.userId, { deleted: true });
    // Even the owner sees only the public ones here ('Anunțurile mele' lists the rest).
    const res = await app.inject({
      url: `/api/users/announcements/${seller.userId}`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(ids(res)).toEqual([newer, older]);
    expect((await app.inject({ url: '/api/users/announcements/0123456789abcdef01234567' })).json()).toEqual(
      [],
    );
    expect((await app.inject({ url: '/api/users/announcements/nu-e-id' })).json()).toEqual([]);
  });
});

describe('viewerNetwork', () => {
  it('keeps an IPv4 address, unwraps a mapped one and cuts IPv6 to its /64', () => {
    expect(viewerNetwork('192.0.2.7')).toBe('192.0.2.7');
    expect(viewerNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(viewerNetwork('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(viewerNetwork('2001:DB8:0:0:1::')).toBe('2001:0db8:0000:0000::/64');
    expect(viewerNetwork('2001:db8:aa:bb:cc:dd:ee:ff')).toBe('2001:0db8:00aa:00bb::/64');
    expect(viewerNetwork('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(viewerNetwork('::1')).toBe('0000:0000:0000:0000::/64');
  });
});

describe('GET /api/announcements/:id counts views', () => {
  const view = (id: string, opts: { token?: string; ua?: string; ip?: string } = {}) =>
    app.inject({
      url: `/api/announcements/${id}`,
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: {
        'user-agent': opts.ua ?? 'Firefox',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
    });
  const views = async (id: string) => (await app.announcementsRepo.byId(id))!.views;

  it('once per viewer per day, never the owner’s, and without a new seq', async () => {
    const id = await insertAnnouncement(app, owner.userId);
    const seq = (await app.announcementsRepo.byId(id))!.seq;

    const first = await view(id);
    expect(first.statusCode).toBe(200);
    expect(first.json().views).toBe(1);
    expect((await view(id)).json().views).toBe(1);
    // Another browser name from the same address is the same guest (a caller says any name it likes);
    // another address is another guest, but not another address of the same IPv6 /64.
    for (const ua of ['Chrome', 'Safari', 'Edge', 'Opera', 'curl'])
      expect((await view(id, { ua })).json().views).toBe(1);
    expect((await view(id, { ip: '10.0.0.7' })).json().views).toBe(2);
    expect((await view(id, { ip: '2001:db8:1:2::1' })).json().views).toBe(3);
    expect((await view(id, { ip: '2001:db8:1:2:ffff::9' })).json().views).toBe(3);
    // A signed-in user is one viewer whatever the browser.
    expect((await view(id, { token: visitor.token })).json().views).toBe(4);
    expect((await view(id, { token: visitor.token, ua: 'Chrome', ip: '10.0.0.8' })).json().views).toBe(4);
    // The owner looking at their own announcement is not a view.
    expect((await view(id, { token: owner.token })).json().views).toBe(4);
    expect(await views(id)).toBe(4);
    // A counter tick is not a replicated change.
    expect((await app.announcementsRepo.byId(id))!.seq).toBe(seq);

    // Guests are kept as a hash only.
    const keys = (await app.db.select().from(announcementViews)).filter((v) => v.announcementId === id);
    expect(keys).toHaveLength(4);
    for (const k of keys) expect(k.viewerKey).toMatch(/^(u:[0-9a-f]{24}|g:[0-9a-f]{64})$/);
    expect(keys.map((k) => k.viewerKey)).toContain(`u:${visitor.userId}`);

    // The next day the same viewer counts again.
    await app.uow.write(async () => {
      await app.db.update(announcementViews).set({ day: '2000-01-01' });
    });
    expect((await view(id, { token: visitor.token })).json().views).toBe(5);
  });

  it('hidden or unknown announcements count nothing', async () => {
    const hidden = await insertAnnouncement(app, owner.userId, { active: false });
    expect((await view(hidden)).statusCode).toBe(404);
    expect((await view(hidden, { token: owner.token })).statusCode).toBe(200);
    expect(await views(hidden)).toBe(0);
    expect((await view('0123456789abcdef01234567')).statusCode).toBe(404);
  });

  it('marks of past days are purged at the first view of a new day', async () => {
    let clock = new Date('2026-11-20T23:59:00.000Z');
    const service = announcementsService({
      uow: app.uow,
      repo: app.announcementsRepo,
      storage: app.storage,
      photos: photoUploadsRepository(app.db),
      now: () => clock,
    });
    const id = await insertAnnouncement(app, owner.userId);
    const row = async () => (await app.announcementsRepo.byId(id))!;
    const guest = { userId: null, ip: '10.1.1.1', userAgent: 'Safari' };
    await service.countView(await row(), guest);
    await service.countView(await row(), guest);
    expect((await row()).views).toBe(1);
    clock = new Date('2026-11-21T00:01:00.000Z');
    await service.countView(await row(), guest);
    expect((await row()).views).toBe(2);
    const days = (await app.db.select().from(announcementViews)).map((v) => v.day);
    expect(days).not.toContain('2026-11-20');
    expect(days).toContain('2026-11-21');
  });
});
