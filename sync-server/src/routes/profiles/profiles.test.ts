import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAME_MESSAGES } from '../../../../schema/rules/person-name.ts';
import { PROFILE_MESSAGES } from '../../../../schema/rules/profile.ts';
import { REVIEW_MESSAGES } from '../../../../schema/rules/reviews.ts';
import { newId } from '../../lib/ids.ts';
import { client } from '../../replication/test-client.ts';
import {
  buildTestApp,
  insertAnnouncement,
  registerAndLogin,
  registerEstablished,
  settled,
  sqlGet,
  sqlRun,
} from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string; email: string };
let app: App;
let ana: Who;
let bob: Who;
let cara: Who;
beforeEach(async () => {
  app = await buildTestApp();
  ana = await registerAndLogin(app);
  bob = await registerEstablished(app);
  cara = await registerEstablished(app);
});
afterEach(async () => {
  await app.cleanup();
});

const M = PROFILE_MESSAGES;
const auth = (who: Who | null) => (who ? { authorization: `Bearer ${who.token}` } : {});
const publicProfile = (userId: string) => app.inject({ url: `/api/users/profile/${userId}` });
const saveProfile = (who: Who | null, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: '/api/users/profile', headers: auth(who), payload });
const userSeq = async (id: string) =>
  (await sqlGet<{ seq: number }>(app, sql`SELECT seq FROM users WHERE id = ${id}`))!.seq;
const uploads = () => join(app.config.dataDir, 'uploads');
const onDisk = (publicPath: string) => join(uploads(), publicPath.replace(/^\/uploads\//, ''));

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----hobbiz${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (who: Who | null, body: ReturnType<typeof multipart>) =>
  app.inject({
    method: 'POST',
    url: '/api/users/avatar',
    payload: body.payload,
    headers: { ...auth(who), ...body.headers },
  });
const removeAvatar = (who: Who | null, url: string) =>
  app.inject({ method: 'DELETE', url: '/api/users/avatar', headers: auth(who), payload: { url } });
const picture = (format: 'jpeg' | 'png' | 'webp') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS secret' } } })
    [format]()
    .toBuffer();

describe('GET /api/users/profile/:userId', () => {
  it('answers public fields, reviews newest first with their cards, and the rating summary', async () => {
    await saveProfile(ana, {
      firstName: 'Ana',
      lastName: 'Pop',
      localitate: 'Cluj-Napoca',
      phone: '0712345678',
    });
    const ann = await insertAnnouncement(app, ana.userId);
    const post = (who: Who, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/reviews', headers: auth(who), payload });
    const first = (
      await post(bob, { user: ana.userId, score: 5, comment: 'Super', announcement: ann })
    ).json();
    await new Promise((r) => setTimeout(r, 5));
    const second = (await post(cara, { user: ana.userId, score: 2 })).json();

    const res = await publicProfile(ana.userId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        '_id',
        'avatar',
        'createdAt',
        'firstName',
        'lastName',
        'lastSeen',
        'localitate',
        // Issue 45: the contact of a live announcement ('' without one), never the account's own.
        'phone',
        'email',
        'rating',
        'reviews',
      ].sort(),
    );
    expect(body).toMatchObject({
      _id: ana.userId,
      firstName: 'Ana',
      lastName: 'Pop',
      localitate: 'Cluj-Napoca',
    });
    expect(body.reviews.map((r: { _id: string }) => r._id)).toEqual([second._id, first._id]);
    expect(body.reviews[1]).toMatchObject({
      author: bob.userId,
      authorName: 'Ana Pop',
      announcementTitle: 'Tort de ciocolată pentru aniversări',
      likesCount: 0,
    });
    expect(body.reviews[0].announcementTitle).toBeNull();
    expect(body.rating).toEqual({ average: 3.5, count: 2, histogram: { 5: 1, 4: 0, 3: 0, 2: 1, 1: 0 } });
    // Never the account's own email or phone, password material or tokens. `phone` and `email` are the
    // contact of a live announcement (issue 45): here the one the test announcement carries.
    expect(body).toMatchObject({ phone: '', email: 'ana@hobbiz.test' });
    const text = JSON.stringify(body);
    for (const secret of [ana.email, '0712345678', 'scrypt', ana.token, 'passwordHash', 'pendingEmail'])
      expect(text).not.toContain(secret);
  });

  it('hides the title of an announcement that is no longer public, and deleted reviews', async () => {
    const ann = await insertAnnouncement(app, ana.userId, { active: false });
    const r = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: auth(bob),
      payload: { user: ana.userId, score: 4, announcement: ann },
    });
    expect(r.json().announcement).toBeNull();
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/reviews/${r.json()._id}`,
      headers: auth(bob),
    });
    expect(del.statusCode).toBe(200);
    const body = (await publicProfile(ana.userId)).json();
    expect(body.reviews).toEqual([]);
    expect(body.rating).toEqual({ average: 0, count: 0, histogram: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } });
  });

  it('shows a deleted author as such, without their avatar', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: auth(bob),
      payload: { user: ana.userId, score: 4 },
    });
    await sqlRun(
      app,
      sql`UPDATE users SET deleted = 1, avatar = '/uploads/avatars/x.jpg' WHERE id = ${bob.userId}`,
    );
    const [card] = (await publicProfile(ana.userId)).json().reviews;
    expect(card).toMatchObject({ authorName: REVIEW_MESSAGES.deletedAuthor, authorAvatar: null });
  });

  it('answers 404 "Profil indisponibil" for unknown and deleted users', async () => {
    for (const id of [newId(), 'nu-exista']) {
      const res = await publicProfile(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: M.unavailable });
    }
    await sqlRun(app, sql`UPDATE users SET deleted = 1 WHERE id = ${cara.userId}`);
    expect((await publicProfile(cara.userId)).json()).toEqual({ error: M.unavailable });
  });
});

describe('PUT /api/users/profile', () => {
  it('saves names, locality and phone, answers the own profile, and ignores undeclared fields', async () => {
    const before = await userSeq(ana.userId);
    const res = await saveProfile(ana, {
      firstName: '  Ana-Maria ',
      lastName: 'Ionescu',
      localitate: 'Florești',
      phone: '0712 345 678',
      email: 'furat@hobbiz.test',
      avatar: 'http://evil/x.jpg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: ana.userId,
      firstName: 'Ana-Maria',
      lastName: 'Ionescu',
      localitate: 'Florești',
      phone: '0712345678',
      email: ana.email,
      avatar: null,
      createdAt: expect.any(String),
      lastSeen: expect.any(String),
      hasPassword: true,
      emailVerified: false,
      pendingEmail: null,
      moderator: false,
      notificationSettings: { messages: true, reviews: true, favorites: true },
      message: M.saved,
    });
    expect(await userSeq(ana.userId)).toBeGreaterThan(before);
    const own = await app.inject({ url: '/api/users/profile', headers: auth(ana) });
    expect(own.json()).toMatchObject({ firstName: 'Ana-Maria', phone: '0712345678', email: ana.email });
  });

  it('takes a new seq only when a public field changed (the phone is private)', async () => {
    await saveProfile(ana, { firstName: 'Ana', lastName: 'Pop', localitate: '', phone: '' });
    const before = await userSeq(ana.userId);
    await saveProfile(ana, { firstName: 'Ana', lastName: 'Pop', localitate: '', phone: '0722000111' });
    expect(await userSeq(ana.userId)).toBe(before);
    await saveProfile(ana, { firstName: 'Ana', lastName: 'Pop', localitate: 'Iași', phone: '0722000111' });
    expect(await userSeq(ana.userId)).toBeGreaterThan(before);
  });

  it('answers each validation message and changes nothing', async () => {
    const ok = { firstName: 'Ana', lastName: 'Pop', localitate: '', phone: '' };
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '' }, M.firstNameRequired],
      [{ lastName: '   ' }, M.lastNameRequired],
      [{ firstName: 'a'.repeat(51) }, M.nameTooLong],
      [{ lastName: 'b'.repeat(51) }, M.nameTooLong],
      [{ phone: '07123' }, M.phoneInvalid],
      [{ localitate: 'Gotham' }, M.localitateInvalid],
    ];
    for (const [patch, message] of cases) {
      const res = await saveProfile(ana, { ...ok, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    }
    const own = (await app.inject({ url: '/api/users/profile', headers: auth(ana) })).json();
    expect(own).toMatchObject({ firstName: 'Ana', lastName: 'Pop' });
  });

  it('refuses a name that passes for the staff or hides characters, at sign-up and here; a name stored before the rule still saves (issue 40, L12)', async () => {
    const ok = { firstName: 'Ana', lastName: 'Pop', localitate: '', phone: '' };
    for (const [name, error] of [
      ['Echipa Hobbiz', NAME_MESSAGES.staff],
      ['Moderator', NAME_MESSAGES.staff],
      ['H0bb1z', NAME_MESSAGES.staff],
      ['Moderator Hobbiz ✔', NAME_MESSAGES.characters],
      ['Ana\u202ezibboH', NAME_MESSAGES.characters],
      ['A\u200bna', NAME_MESSAGES.characters],
    ] as const) {
      const register = await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: {
          firstName: 'Ana',
          lastName: name,
          email: `n${newId()}@hobbiz.test`,
          password: 'parola-buna-1',
        },
      });
      expect(register.statusCode, name).toBe(400);
      expect(register.json(), name).toEqual({ error: error });
      const edit = await saveProfile(ana, { ...ok, firstName: name });
      expect(edit.statusCode, name).toBe(400);
      expect(edit.json(), name).toEqual({ error: error });
    }
    // An account named before the rule: it may change its phone, not take another such name.
    await sqlRun(app, sql`UPDATE users SET last_name = 'Hobbiz' WHERE id = ${bob.userId}`);
    const kept = await saveProfile(bob, { ...ok, lastName: 'Hobbiz', phone: '0712345678' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ lastName: 'Hobbiz', phone: '0712345678' });
    const other = await saveProfile(bob, { ...ok, lastName: 'Echipa Hobbiz' });
    expect(other.json()).toEqual({ error: NAME_MESSAGES.staff });
  });

  it('asks guests to sign in', async () => {
    const res = await saveProfile(null, { firstName: 'X', lastName: 'Y' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Trebuie să fii autentificat.');
  });
});

describe('avatar', () => {
  it('stores JPEG, PNG and WebP re-encoded as JPEG without metadata, and deletes the old files after the update', async () => {
    const before = await userSeq(ana.userId);
    const first = await upload(ana, multipart('avatar', 'eu.png', 'image/png', await picture('png')));
    expect(first.statusCode, first.body).toBe(200);
    const a1 = first.json().avatar as string;
    expect(a1).toMatch(/^\/uploads\/avatars\/[\w-]+\.jpg$/);
    expect(await userSeq(ana.userId)).toBeGreaterThan(before);
    const variants1 = [a1, a1.replace('.jpg', '-320.webp'), a1.replace('.jpg', '-640.webp')];
    for (const p of variants1) expect(existsSync(onDisk(p))).toBe(true);
    const meta = await sharp(onDisk(a1)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();

    const second = await upload(ana, multipart('avatar', 'eu.webp', 'image/webp', await picture('webp')));
    expect(second.statusCode).toBe(200);
    const a2 = second.json().avatar as string;
    expect(a2).not.toBe(a1);
    for (const p of variants1) expect(existsSync(onDisk(p))).toBe(false);
    expect(existsSync(onDisk(a2))).toBe(true);

    const third = await upload(ana, multipart('avatar', 'eu.jpg', 'image/jpeg', await picture('jpeg')));
    expect(third.statusCode).toBe(200);
    expect(readdirSync(join(uploads(), 'avatars'))).toHaveLength(3);
    const check = await app.inject({ url: '/api/users/auth/check', headers: auth(ana) });
    expect(check.json().avatar).toBe(third.json().avatar);
    expect((await publicProfile(ana.userId)).json().avatar).toBe(third.json().avatar);
  });

  it('judges by content: a renamed text file, an image claimed as text, an undecodable JPEG header', async () => {
    const renamed = await upload(
      ana,
      multipart('avatar', 'poza.jpg', 'image/jpeg', Buffer.from('nu sunt o imagine')),
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ error: M.imageFailed });
    const txt = await upload(ana, multipart('avatar', 'notes.txt', 'text/plain', Buffer.from('hello world')));
    expect(txt.json()).toEqual({ error: M.imageFailed });
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const broken = await upload(ana, multipart('avatar', 'x.jpg', 'image/jpeg', fake));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: M.imageFailed });
    // Real bytes under a lying name and type are fine: content decides.
    const lying = await upload(ana, multipart('avatar', 'x.txt', 'text/plain', await picture('png')));
    expect(lying.statusCode).toBe(200);
    expect(readdirSync(join(uploads(), 'avatars'))).toHaveLength(3);
  });

  it('refuses files over 5 MB, a wrong field, a request that is not multipart, and guests', async () => {
    const big = Buffer.concat([await picture('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(ana, multipart('avatar', 'mare.jpg', 'image/jpeg', big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ error: M.imageTooLarge });
    const wrongField = await upload(ana, multipart('poza', 'eu.jpg', 'image/jpeg', await picture('jpeg')));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ error: M.imageFailed });
    const json = await app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: auth(ana),
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: M.imageFailed });
    const guest = await upload(null, multipart('avatar', 'eu.jpg', 'image/jpeg', await picture('jpeg')));
    expect(guest.statusCode).toBe(401);
    expect(existsSync(join(uploads(), 'avatars'))).toBe(false);
  });

  it('DELETE removes only the caller’s current avatar: guest 401, other url or other user 400, owner ok', async () => {
    const a = (await upload(ana, multipart('avatar', 'a.jpg', 'image/jpeg', await picture('jpeg')))).json()
      .avatar;
    const b = (await upload(bob, multipart('avatar', 'b.jpg', 'image/jpeg', await picture('jpeg')))).json()
      .avatar;
    expect((await removeAvatar(null, a)).statusCode).toBe(401);
    for (const [who, url] of [
      [bob, a],
      [ana, b],
      [ana, ''],
      [ana, '/uploads/avatars/altceva.jpg'],
    ] as const) {
      const res = await removeAvatar(who, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: M.avatarNotCurrent });
    }
    const noBody = await app.inject({ method: 'DELETE', url: '/api/users/avatar', headers: auth(ana) });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ error: M.avatarNotCurrent });
    expect(existsSync(onDisk(a))).toBe(true);
    const before = await userSeq(ana.userId);
    // The client shows relative avatars prefixed with the API address; that form is accepted too.
    const res = await removeAvatar(ana, `http://localhost:8080${a}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ avatar: null });
    expect(await userSeq(ana.userId)).toBeGreaterThan(before);
    expect(existsSync(onDisk(a))).toBe(false);
    expect(existsSync(onDisk(a.replace('.jpg', '-320.webp')))).toBe(false);
    expect(existsSync(onDisk(b))).toBe(true);
    expect((await app.inject({ url: '/api/users/profile', headers: auth(ana) })).json().avatar).toBeNull();
    // Already cleared: nothing to remove.
    expect((await removeAvatar(ana, a)).statusCode).toBe(400);
  });
});

describe('replication of public profiles', () => {
  it('devices holding a profile receive new names, locality and avatar — never email or phone', async () => {
    const c = client(await app.injectWS('/api/sync'));
    c.hello(cara.token);
    expect((await c.answer()).type).toBe('ready');
    const startSeq = await userSeq(ana.userId);
    expect(await c.hold({ profiles: [[ana.userId, startSeq]] })).toEqual({});
    const settle = () => settled(app, 30);

    await saveProfile(ana, { firstName: 'Ana', lastName: 'Nouă', localitate: 'Sibiu', phone: '0733444555' });
    await settle();
    const avatar = (
      await upload(ana, multipart('avatar', 'a.jpg', 'image/jpeg', await picture('jpeg')))
    ).json().avatar;
    await settle();
    const events = c.takeHeld();
    const docs = events.flatMap((e) => (e.profiles ?? []).map((h) => h.doc));
    expect(docs).toEqual([
      expect.objectContaining({ id: ana.userId, lastName: 'Nouă', localitate: 'Sibiu', _deleted: false }),
      expect.objectContaining({ id: ana.userId, lastName: 'Nouă', avatar, _deleted: false }),
    ]);
    expect(JSON.stringify(events)).not.toContain('0733444555');
    expect(JSON.stringify(events)).not.toContain(ana.email);

    // A device that was away catches up from the seq it had to the latest copy, in one document.
    const away = client(await app.injectWS('/api/sync'));
    away.hello(null);
    expect((await away.answer()).type).toBe('ready');
    const caughtUp = await away.hold({ profiles: [[ana.userId, startSeq]] });
    expect(caughtUp).toEqual({
      profiles: [
        {
          doc: expect.objectContaining({ lastName: 'Nouă', localitate: 'Sibiu', avatar }),
          seq: await userSeq(ana.userId),
        },
      ],
    });
    expect(JSON.stringify(caughtUp)).not.toContain('0733444555');
    expect(JSON.stringify(caughtUp)).not.toContain(ana.email);
  });
});
