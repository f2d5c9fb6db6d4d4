import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../../schema/constants.ts';
import { imageVariant } from '../../../../schema/images.ts';
import { categoryUnknown, ANNOUNCEMENT_MESSAGES as M } from '../../../../schema/rules/announcement.ts';
import type { HeldDocs } from '../../../../schema/sync.ts';
import { connectedClient } from '../../replication/test-client.ts';
import { IMAGE_PIXELS_MESSAGE } from '../../services/uploads.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin, settled } from '../../test-helper.ts';
import {
  bearer,
  bigJpeg,
  bombJpeg,
  diskPath,
  gpsJpeg,
  jpeg,
  multipart,
  png,
  rowCount,
  storedFiles,
  truncatedJpeg,
  type Upload,
  validForm,
} from './test-fixtures.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Api = {
  _id: string;
  seq?: number;
  ownerId: string;
  title: string;
  images: string[];
  price: number | null;
  favoritesCount: number;
  views: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  user: { _id: string; firstName: string } | null;
};

let app: App;
let owner: { token: string; userId: string };
let stranger: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp();
  owner = await registerAndLogin(app);
  stranger = await registerAndLogin(app);
});
afterAll(async () => {
  await app.cleanup();
});

const NOT_FOUND = { error: 'Anunțul nu a fost găsit' };
const UNKNOWN_ID = '0123456789abcdef01234567';

async function publish(
  fields: Record<string, string | string[]> = validForm,
  images: Upload[] = [],
  token: string | null = owner.token,
) {
  const { payload, headers } = await multipart(fields, images);
  return app.inject({
    method: 'POST',
    url: '/api/users/my-announcements',
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

async function update(
  id: string,
  fields: Record<string, string | string[]> = validForm,
  images: Upload[] = [],
  token: string | null = owner.token,
) {
  const { payload, headers } = await multipart(fields, images);
  return app.inject({
    method: 'PUT',
    url: `/api/users/my-announcements/${id}`,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

async function published(images: Upload[] = []): Promise<Api> {
  const res = await publish(validForm, images);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Api;
}

const seqOf = async (id: string) => (await app.announcementsRepo.byId(id))!.seq;

/** Runs `send` and proves that it stored nothing: no row, no file. */
async function refusedWithoutTrace(send: () => Promise<{ statusCode: number; json(): unknown }>) {
  const rows = await rowCount(app);
  const files = storedFiles(app);
  const res = await send();
  expect(res.statusCode).toBe(400);
  expect(await rowCount(app)).toBe(rows);
  expect(storedFiles(app)).toEqual(files);
  return res.json() as { error: string; errors: Record<string, string> };
}

const connect = (token: string | null) => connectedClient(app, token);
/** The documents of this announcement in the held events a socket received (not emptied). */
const heldOf = (c: Awaited<ReturnType<typeof connect>>, id: string) =>
  c.side
    .flatMap((m) =>
      m.type === 'event' && m.name === 'held' ? ((m.payload as HeldDocs).announcements ?? []) : [],
    )
    .map((h) => h.doc as Record<string, unknown>)
    .filter((d) => d.id === id);
/** The working-set feed runs on setImmediate after a commit's poke. */
const settle = () => settled(app, 30);

describe('POST /api/users/my-announcements', () => {
  it('publishes: 201 with the REST shape; owner, counters and state are the server’s', async () => {
    const res = await publish(
      {
        ...validForm,
        favoritesCount: '99',
        views: '99',
        ownerId: stranger.userId,
        active: 'false',
        createdAt: '2000-01-01T00:00:00.000Z',
      },
      [{ data: await jpeg() }, { data: await jpeg(48, 64, '#30c060') }],
    );
    expect(res.statusCode).toBe(201);
    const body = res.json() as Api;
    expect(body).toMatchObject({
      ownerId: owner.userId,
      title: validForm.title,
      category: 'Fotografie',
      location: 'Cluj',
      localitate: 'Cluj-Napoca',
      contactPerson: 'Ana Pop',
      contactEmail: 'ana@hobbiz.test',
      contactPhone: '0712345678',
      price: 150,
      favoritesCount: 0,
      views: 0,
      active: true,
      user: { _id: owner.userId, firstName: 'Ana' },
    });
    expect(body._id).toMatch(/^[0-9a-f]{24}$/);
    expect(Date.now() - Date.parse(body.createdAt)).toBeLessThan(60_000);
    expect(body).not.toHaveProperty('id');
    // The copy's change order, which a device holding it sends back (working set); server-owned.
    expect(body.seq).toBe(await seqOf(body._id));
    expect(body).not.toHaveProperty('deleted');
    expect(body.images).toHaveLength(2);
    for (const path of body.images) {
      expect(path).toMatch(/^\/uploads\/announcements\/[0-9a-f]{24}-[0-9a-f]{8}\.jpg$/);
      expect(existsSync(diskPath(app, path))).toBe(true);
      expect(existsSync(diskPath(app, imageVariant(path, 320)))).toBe(true);
      expect(existsSync(diskPath(app, imageVariant(path, 640)))).toBe(true);
    }
    // The stored photos are served.
    const served = await app.inject({ url: body.images[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('without a price and without photos, with the phone only', async () => {
    const res = await publish({ ...validForm, price: '', contactEmail: '', contactPhone: '0712 345 678' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      price: null,
      images: [],
      contactPhone: '0712345678',
      contactEmail: '',
    });
  });

  it('tells every socket announcementCreated, and the owner’s own devices the announcement itself', async () => {
    const ownDevice = await connect(owner.token);
    await ownDevice.hold({}, { own: true });
    const signedIn = await connect(stranger.token);
    const guest = await connect(null);
    const { _id } = await published();
    await vi.waitFor(() => {
      for (const c of [ownDevice, signedIn, guest]) {
        expect(c.side).toContainEqual({ type: 'event', name: 'announcementCreated', payload: { id: _id } });
      }
      expect(heldOf(ownDevice, _id)).toEqual([
        expect.objectContaining({ id: _id, ownerId: owner.userId, title: validForm.title, _deleted: false }),
      ]);
    });
    await settle();
    // Sockets that hold nothing get no announcement documents (and no poke to pull the catalogue).
    for (const c of [signedIn, guest]) {
      expect(c.takeHeld()).toEqual([]);
      expect(c.side.filter((m) => m.type === 'poke')).toEqual([]);
    }
  });

  it('a device-made id makes an offline publish idempotent; someone else’s id is refused', async () => {
    const id = '6a0b0c0d0123456789abcdef';
    const first = await publish({ ...validForm, id }, [{ data: await jpeg() }]);
    expect(first.statusCode).toBe(201);
    expect(first.json()._id).toBe(id);
    const rows = await rowCount(app);
    const files = storedFiles(app);
    // The answer was lost; the outbox sends the same form again.
    const retry = await publish({ ...validForm, id }, [{ data: await jpeg() }]);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await rowCount(app)).toBe(rows);
    expect(storedFiles(app)).toEqual(files);

    const theirs = await publish({ ...validForm, id }, [], stranger.token);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().error).toBeTypeOf('string');
    const malformed = await publish({ ...validForm, id: 'nu-e-un-id' });
    expect(malformed.statusCode).toBe(400);
  });

  it('the same id sent twice at once (a retry while the first answer is still on its way) stores one', async () => {
    const id = '6a0b0c0d0123456789abcd01';
    const rows = await rowCount(app);
    const before = storedFiles(app);
    const photo = await jpeg();
    const answers = await Promise.all([
      publish({ ...validForm, id }, [{ data: photo }]),
      publish({ ...validForm, id }, [{ data: photo }]),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    expect(answers[0]!.json()._id).toBe(id);
    expect(await rowCount(app)).toBe(rows + 1);
    // The loser's photo was removed again: what was added belongs to the one stored photo.
    const images = (await app.announcementsRepo.byId(id))!.images;
    expect(images).toHaveLength(1);
    const base = images[0]!
      .split('/')
      .pop()!
      .replace(/\.jpg$/, '');
    const added = storedFiles(app).filter((f) => !before.includes(f));
    expect(added.length).toBeGreaterThan(0);
    expect(added.filter((f) => !f.startsWith(base))).toEqual([]);
    const mine = await app.inject({
      method: 'GET',
      url: '/api/users/my-announcements',
      headers: bearer(owner.token),
    });
    expect((mine.json() as Api[]).filter((a) => a._id === id)).toHaveLength(1);
    // The same id from someone else, even with a valid form, is refused and changes nothing.
    const theirs = await publish(
      { ...validForm, id, title: 'Alt anunț, alt proprietar' },
      [],
      stranger.token,
    );
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().error).toBe(
      'Acest anunț nu mai poate fi publicat: identificatorul lui este deja folosit.',
    );
    expect(await app.announcementsRepo.byId(id)).toMatchObject({
      ownerId: owner.userId,
      title: validForm.title,
    });
  });

  it('a 9000-character description of multi-byte letters fits (27 kB in the form)', async () => {
    const res = await publish({ ...validForm, description: '€'.repeat(LIMITS.descriptionMax) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().description).toHaveLength(LIMITS.descriptionMax);
  });

  it('a JSON body (no photos) is accepted too, with the same rules', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/users/my-announcements',
      headers: bearer(owner.token),
      payload: { ...validForm, price: 90 },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ price: 90, images: [] });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/users/my-announcements',
      headers: bearer(owner.token),
      payload: { ...validForm, title: 'Scurt' },
    });
    expect(bad.json()).toEqual({ error: M.titleMin, errors: { title: M.titleMin } });
  });

  it('guests get 401 and nothing is stored', async () => {
    const rows = await rowCount(app);
    const res = await publish(validForm, [{ data: await jpeg() }], null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBeTypeOf('string');
    expect(await rowCount(app)).toBe(rows);
  });
});

describe('validation (spec §5), each message through the API, nothing stored', () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ['title too short', { title: 'Prea scurt' }, 'title', M.titleMin],
    ['title too long', { title: 'T'.repeat(LIMITS.titleMax + 1) }, 'title', M.titleMax],
    ['no category', { category: '' }, 'category', M.categoryRequired],
    ['unknown category', { category: 'Astrologie' }, 'category', categoryUnknown('Astrologie')],
    ['description too short', { description: 'Scurt.' }, 'description', M.descriptionMin],
    [
      'description too long',
      { description: 'D'.repeat(LIMITS.descriptionMax + 1) },
      'description',
      M.descriptionMax,
    ],
    ['no location', { location: '', localitate: '' }, 'location', M.locationRequired],
    ['locality of another county', { localitate: 'Timișoara' }, 'location', M.locationRequired],
    ['no contact person', { contactPerson: '  ' }, 'contactPerson', M.contactPersonRequired],
    ['contact person too short', { contactPerson: 'A' }, 'contactPerson', M.contactPersonMin],
    [
      'contact person too long',
      { contactPerson: 'N'.repeat(LIMITS.contactNameMax + 1) },
      'contactPerson',
      M.contactPersonMax,
    ],
    ['invalid email', { contactEmail: 'ana@' }, 'contactEmail', M.emailInvalid],
    ['invalid phone', { contactPhone: '712345678' }, 'contactPhone', M.phoneInvalid],
    ['neither email nor phone', { contactEmail: '', contactPhone: '' }, 'contact', M.contactRequired],
    ['invalid price', { price: '12,5' }, 'price', M.priceInvalid],
  ];
  for (const [name, patch, field, message] of cases) {
    it(name, async () => {
      const body = await refusedWithoutTrace(() => publish({ ...validForm, ...patch }));
      expect(body).toEqual({ error: message, errors: { [field]: message } });
    });
  }

  it('a missing field counts as empty', async () => {
    const { title: _title, ...rest } = validForm;
    const body = await refusedWithoutTrace(() => publish(rest));
    expect(body.errors).toEqual({ title: M.titleMin });
  });

  it('several errors: the first in form order in `error`, all of them in `errors`', async () => {
    const body = await refusedWithoutTrace(() =>
      publish({ ...validForm, title: 'Scurt', contactEmail: '', contactPhone: '' }, [
        { data: Buffer.from('GIF89a') },
      ]),
    );
    expect(body).toEqual({
      error: M.titleMin,
      errors: { title: M.titleMin, contact: M.contactRequired, images: M.imagesJpeg },
    });
  });

  it('a valid form with a bad photo stores neither the form nor the good photos', async () => {
    const good = await jpeg();
    const body = await refusedWithoutTrace(() =>
      publish(validForm, [{ data: good }, { data: Buffer.from('not a jpeg at all') }]),
    );
    expect(body).toEqual({ error: M.imagesJpeg, errors: { images: M.imagesJpeg } });
  });
});

describe('uploads', () => {
  it('a PNG renamed .jpg and sent as image/jpeg is refused (magic bytes, not names)', async () => {
    const body = await refusedWithoutTrace(async () =>
      publish(validForm, [{ data: await png(), name: 'vacanta.jpg', type: 'image/jpeg' }]),
    );
    expect(body.error).toBe(M.imagesJpeg);
  });

  it('a real JPEG with a misleading name and type is accepted', async () => {
    const res = await publish(validForm, [{ data: await jpeg(), name: 'poza.png', type: 'image/png' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().images).toHaveLength(1);
  });

  it('a JPEG over 5 MB is refused', async () => {
    const big = await bigJpeg();
    expect(big.length).toBeGreaterThan(LIMITS.imageMaxBytes);
    expect(big.length).toBeLessThan(10 * 1024 * 1024);
    const body = await refusedWithoutTrace(() => publish(validForm, [{ data: big }]));
    expect(body).toEqual({ error: M.imagesSize, errors: { images: M.imagesSize } });
  });

  it('11 photos are refused, and so are 12 (beyond what the parser reads)', async () => {
    const one = await jpeg();
    for (const n of [LIMITS.imagesMax + 1, LIMITS.imagesMax + 2]) {
      const body = await refusedWithoutTrace(() =>
        publish(
          validForm,
          Array.from({ length: n }, () => ({ data: one })),
        ),
      );
      expect(body.error).toBe(M.imagesMax);
    }
  });

  it('exactly 10 photos are accepted', async () => {
    const one = await jpeg();
    const res = await publish(
      validForm,
      Array.from({ length: LIMITS.imagesMax }, () => ({ data: one })),
    );
    expect(res.statusCode).toBe(201);
    expect(new Set(res.json().images).size).toBe(LIMITS.imagesMax);
  });

  it('a decompression bomb (a tiny header claiming 50000×50000) is refused with a 400, not a 500', async () => {
    const bomb = await bombJpeg();
    expect(bomb.length).toBeLessThan(2000);
    const body = await refusedWithoutTrace(() => publish(validForm, [{ data: bomb }]));
    expect(body).toEqual({ error: IMAGE_PIXELS_MESSAGE, errors: { images: IMAGE_PIXELS_MESSAGE } });
  });

  it('a real low-entropy 8000×6000 JPEG (48 MP, small file) is refused too', async () => {
    const wide = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .jpeg({ quality: 10 })
      .toBuffer();
    expect(wide.length).toBeLessThan(LIMITS.imageMaxBytes);
    const body = await refusedWithoutTrace(() => publish(validForm, [{ data: wide }]));
    expect(body.error).toBe(IMAGE_PIXELS_MESSAGE);
  });

  it('a JPEG that fails only in the full decode: 400, and the photos already written are removed', async () => {
    const body = await refusedWithoutTrace(async () =>
      publish(validForm, [{ data: await jpeg() }, { data: await truncatedJpeg() }]),
    );
    expect(body).toEqual({ error: M.imagesJpeg, errors: { images: M.imagesJpeg } });
  });

  it('GPS and camera EXIF are not kept in any stored file', async () => {
    const input = await gpsJpeg();
    const before = await sharp(input).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    const { images } = await published([{ data: input }]);
    for (const path of [images[0]!, imageVariant(images[0]!, 320), imageVariant(images[0]!, 640)]) {
      const meta = await sharp(diskPath(app, path)).metadata();
      expect(meta.exif).toBeUndefined();
    }
  });
});

describe('authorization of every mutating path: guest 401, another user 404 (as an unknown id), owner ok', () => {
  it("a stranger's PUT is refused before its body is read (404, whatever the body)", async () => {
    const { _id: id } = await published([{ data: await jpeg() }]);
    // A broken form: reading it would fail with a 400; the ownership check answers first.
    const broken = {
      method: 'PUT' as const,
      url: `/api/users/my-announcements/${id}`,
      payload: '--x\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\n\xff\xd8',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    };
    const other = await app.inject({ ...broken, headers: { ...broken.headers, ...bearer(stranger.token) } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
    const mine = await app.inject({ ...broken, headers: { ...broken.headers, ...bearer(owner.token) } });
    expect(mine.statusCode).toBe(400);
    expect(mine.json()).toEqual({ error: 'Formularul trimis este incomplet sau deteriorat.' });
  });

  it('PUT, DELETE, renew and active', async () => {
    const { _id: id } = await published([{ data: await jpeg() }]);
    // Older than a day, so the owner may renew it (renewing is limited to once every 24 h).
    await app.announcementsRepo.update(id, { createdAt: '2025-01-01T00:00:00.000Z' });
    const form = await multipart({ ...validForm, title: 'Titlu schimbat de altcineva aici' });
    type Call = {
      method: 'PUT' | 'POST' | 'DELETE';
      url: string;
      payload?: object;
      headers?: Record<string, string>;
    };
    const paths: Call[] = [
      { method: 'PUT', url: `/api/users/my-announcements/${id}`, ...form },
      { method: 'POST', url: `/api/users/my-announcements/${id}/renew` },
      { method: 'PUT', url: `/api/users/my-announcements/${id}/active`, payload: { active: false } },
      { method: 'DELETE', url: `/api/users/my-announcements/${id}` },
    ];
    for (const p of paths) {
      const seq = await seqOf(id);
      const guest = await app.inject(p);
      expect(guest.statusCode, `${p.method} ${p.url}`).toBe(401);
      expect(guest.json().error).toBeTypeOf('string');
      const other = await app.inject({ ...p, headers: { ...p.headers, ...bearer(stranger.token) } });
      expect(other.statusCode, `${p.method} ${p.url}`).toBe(404);
      expect(other.json()).toEqual(NOT_FOUND);
      // Exactly what an unknown id answers: a stranger learns nothing.
      const unknown = await app.inject({
        ...p,
        url: p.url.replace(id, UNKNOWN_ID),
        headers: { ...p.headers, ...bearer(stranger.token) },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(other.json());
      expect(await seqOf(id)).toBe(seq);
    }
    expect(await app.announcementsRepo.byId(id)).toMatchObject({
      title: validForm.title,
      active: true,
      deleted: false,
    });
    for (const p of paths) {
      const mine = await app.inject({ ...p, headers: { ...p.headers, ...bearer(owner.token) } });
      expect(mine.statusCode, `${p.method} ${p.url}: ${mine.body}`).toBe(200);
    }
    // Deleted: every path now answers 404 to the owner too.
    for (const p of paths) {
      const gone = await app.inject({ ...p, headers: { ...p.headers, ...bearer(owner.token) } });
      expect(gone.statusCode).toBe(404);
    }
  });

  it('GET my announcements needs a caller; a malformed id is a 404', async () => {
    expect((await app.inject({ url: '/api/users/my-announcements' })).statusCode).toBe(401);
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/my-announcements/nu-e-id/renew',
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});

describe('PUT /api/users/my-announcements/:id', () => {
  it('keeps the listed photos in the given order, appends new ones, deletes the dropped files', async () => {
    const created = await published([
      { data: await jpeg(64, 48, '#111111') },
      { data: await jpeg(64, 48, '#222222') },
      { data: await jpeg(64, 48, '#333333') },
    ]);
    const [a, b, c] = created.images as [string, string, string];
    const seq = await seqOf(created._id);
    await new Promise((r) => setTimeout(r, 5));
    const res = await update(
      created._id,
      {
        ...validForm,
        title: 'Ședință foto de familie, ediția de toamnă',
        price: '200',
        existingImages: [c, a],
      },
      [{ data: await jpeg(64, 48, '#444444') }],
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Api;
    expect(body).toMatchObject({
      _id: created._id,
      title: 'Ședință foto de familie, ediția de toamnă',
      price: 200,
    });
    expect(body.images.slice(0, 2)).toEqual([c, a]);
    expect(body.images).toHaveLength(3);
    expect(body.images[2]).not.toBe(b);
    expect(existsSync(diskPath(app, body.images[2]!))).toBe(true);
    expect(body.updatedAt > created.updatedAt).toBe(true);
    expect(body.createdAt).toBe(created.createdAt);
    expect(await seqOf(created._id)).toBeGreaterThan(seq);
    // The dropped photo and its variants are gone from disk; the kept ones stay.
    expect(existsSync(diskPath(app, b))).toBe(false);
    expect(existsSync(diskPath(app, imageVariant(b, 320)))).toBe(false);
    expect(existsSync(diskPath(app, imageVariant(b, 640)))).toBe(false);
    expect(existsSync(diskPath(app, a))).toBe(true);
  });

  it('a new:N entry puts a new photo at that place, so a new photo can become the cover', async () => {
    const created = await published([{ data: await jpeg(64, 48, '#111111') }, { data: await jpeg(48, 48) }]);
    const [a, b] = created.images as [string, string];
    const res = await update(created._id, { ...validForm, existingImages: ['new:1', b, 'new:9', a] }, [
      { data: await jpeg(64, 48, '#555555') },
      { data: await jpeg(64, 48, '#666666') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const images = (res.json() as Api).images;
    expect(images).toHaveLength(4);
    expect(images.slice(1, 3)).toEqual([b, a]);
    expect([a, b]).not.toContain(images[0]);
    expect([a, b]).not.toContain(images[3]);
    expect(images[0]).not.toBe(images[3]);
  });

  it('existingImages as a JSON array string; absent keeps every photo; [] keeps none', async () => {
    const created = await published([{ data: await jpeg() }, { data: await jpeg(48, 48) }]);
    const [a, b] = created.images as [string, string];
    const reordered = await update(created._id, { ...validForm, existingImages: JSON.stringify([b, a]) });
    expect(reordered.json().images).toEqual([b, a]);
    // The absolute URL a page displayed counts as the stored path.
    const absolute = await update(created._id, {
      ...validForm,
      existingImages: [`http://localhost:8080${a}`, b],
    });
    expect(absolute.json().images).toEqual([a, b]);
    await update(created._id, { ...validForm, existingImages: [b, a] });
    const untouched = await update(created._id, validForm);
    expect(untouched.json().images).toEqual([b, a]);
    const none = await update(created._id, { ...validForm, existingImages: '[]' });
    expect(none.json().images).toEqual([]);
    expect(existsSync(diskPath(app, a))).toBe(false);
    const bad = await update(created._id, { ...validForm, existingImages: '[nu e json' });
    expect(bad.statusCode).toBe(400);
  });

  it('paths the announcement does not hold are ignored: nobody adopts (or later deletes) another’s files', async () => {
    const theirs = await published([{ data: await jpeg() }]);
    const mine = await published([{ data: await jpeg() }]);
    const res = await update(mine._id, {
      ...validForm,
      existingImages: [theirs.images[0]!, mine.images[0]!, 'https://rau.example/x.jpg'],
    });
    expect(res.json().images).toEqual(mine.images);
    await app.inject({
      method: 'DELETE',
      url: `/api/users/my-announcements/${mine._id}`,
      headers: bearer(owner.token),
    });
    expect(existsSync(diskPath(app, theirs.images[0]!))).toBe(true);
  });

  it('kept plus new photos may not exceed 10; a refused update changes nothing', async () => {
    const one = await jpeg();
    const created = await published(Array.from({ length: 9 }, () => ({ data: one })));
    const seq = await seqOf(created._id);
    const body = await refusedWithoutTrace(() =>
      update(created._id, { ...validForm, title: 'Un titlu nou care nu se salvează' }, [
        { data: one },
        { data: one },
      ]),
    );
    expect(body.error).toBe(M.imagesMax);
    expect(await seqOf(created._id)).toBe(seq);
    expect((await app.announcementsRepo.byId(created._id))!.title).toBe(validForm.title);
    // Dropping two makes room for two.
    const ok = await update(created._id, { ...validForm, existingImages: created.images.slice(0, 7) }, [
      { data: one },
      { data: one },
      { data: one },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().images).toHaveLength(10);
  });

  it('validates with the same rules as publishing', async () => {
    const created = await published();
    const res = await update(created._id, { ...validForm, contactPhone: '07123', contactEmail: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: M.phoneInvalid, errors: { contactPhone: M.phoneInvalid } });
  });
});

describe('DELETE, renew, active', () => {
  it('delete: a blanked tombstone to every holder, files removed, announcementDeleted', async () => {
    const created = await published([{ data: await jpeg() }]);
    const c = await connect(stranger.token);
    const seq = await seqOf(created._id);
    const holder = await connect(null);
    expect(await holder.hold({ announcements: [[created._id, seq]] })).toEqual({});
    const ownDevice = await connect(owner.token);
    await ownDevice.hold({}, { own: true });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/users/my-announcements/${created._id}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Anunțul a fost șters.' });
    const row = (await app.announcementsRepo.byId(created._id))!;
    expect(row).toMatchObject({ deleted: true, images: [] });
    expect(row.seq).toBeGreaterThan(seq);
    expect(existsSync(diskPath(app, created.images[0]!))).toBe(false);
    expect(existsSync(diskPath(app, imageVariant(created.images[0]!, 640)))).toBe(false);
    await vi.waitFor(() =>
      expect(c.side).toContainEqual({
        type: 'event',
        name: 'announcementDeleted',
        payload: { id: created._id },
      }),
    );

    // Every device holding it — a stranger's, the owner's own — gets a blanked tombstone, live and on catch-up.
    await vi.waitFor(() => {
      for (const c of [holder, ownDevice]) {
        expect(heldOf(c, created._id)).toEqual([
          expect.objectContaining({ _deleted: true, title: '', images: [] }),
        ]);
      }
    });
    for (const token of [stranger.token, owner.token]) {
      const late = await connect(token);
      const { announcements } = await late.hold({ announcements: [[created._id, seq]] });
      expect(announcements).toEqual([
        {
          doc: expect.objectContaining({ id: created._id, _deleted: true, title: '' }),
          seq: await seqOf(created._id),
        },
      ]);
    }
    expect((await app.inject({ url: `/api/announcements/${created._id}` })).statusCode).toBe(404);
    const mine = (
      await app.inject({ url: '/api/users/my-announcements', headers: bearer(owner.token) })
    ).json();
    expect(mine.map((a: Api) => a._id)).not.toContain(created._id);
  });

  it('renew: createdAt now and a new seq, so it rises to the top of the newest-first lists', async () => {
    const old = await insertAnnouncement(app, owner.userId, { createdAt: '2025-01-01T00:00:00.000Z' });
    await published();
    const seq = await seqOf(old);
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/my-announcements/${old}/renew`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Api;
    expect(Date.now() - Date.parse(body.createdAt)).toBeLessThan(60_000);
    expect(await seqOf(old)).toBeGreaterThan(seq);
    const mine = (
      await app.inject({ url: '/api/users/my-announcements', headers: bearer(owner.token) })
    ).json();
    expect(mine[0]._id).toBe(old);
    const all = (await app.inject({ url: '/api/announcements' })).json();
    expect(all[0]._id).toBe(old);
  });

  it('renew is refused (429, Romanian, nothing changes) within 24 h of the last date', async () => {
    const fresh = await published();
    const seq = await seqOf(fresh._id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/my-announcements/${fresh._id}/renew`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'Poți reactualiza un anunț cel mult o dată la 24 de ore.' });
    expect(await seqOf(fresh._id)).toBe(seq);
    expect((await app.announcementsRepo.byId(fresh._id))!.createdAt).toBe(fresh.createdAt);
  });

  it('active false hides it from everyone but the owner (other holders get a tombstone); true brings it back', async () => {
    const { _id: id } = await published();
    const seq = await seqOf(id);
    const other = await connect(stranger.token);
    await other.hold({ announcements: [[id, seq]] });
    const own = await connect(owner.token);
    await own.hold({}, { own: true });
    const off = await app.inject({
      method: 'PUT',
      url: `/api/users/my-announcements/${id}/active`,
      headers: bearer(owner.token),
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ _id: id, active: false });
    expect(await seqOf(id)).toBeGreaterThan(seq);

    expect((await app.inject({ url: `/api/announcements/${id}` })).statusCode).toBe(404);
    const publicIds = (await app.inject({ url: '/api/announcements' })).json().map((a: Api) => a._id);
    expect(publicIds).not.toContain(id);
    const profileIds = (await app.inject({ url: `/api/users/announcements/${owner.userId}` }))
      .json()
      .map((a: Api) => a._id);
    expect(profileIds).not.toContain(id);
    const mine = (
      await app.inject({ url: '/api/users/my-announcements', headers: bearer(owner.token) })
    ).json();
    expect(mine.find((a: Api) => a._id === id)).toMatchObject({ active: false });

    await vi.waitFor(() => {
      expect(heldOf(other, id).at(-1)).toMatchObject({ _deleted: true, title: '' });
      expect(heldOf(own, id).at(-1)).toMatchObject({
        _deleted: false,
        active: false,
        title: validForm.title,
      });
    });
    // The same from catch-up, for devices that were away.
    const away = await connect(stranger.token);
    expect((await away.hold({ announcements: [[id, seq]] })).announcements?.[0]?.doc).toMatchObject({
      _deleted: true,
      title: '',
    });
    const ownAway = await connect(owner.token);
    expect((await ownAway.hold({ announcements: [[id, seq]] })).announcements?.[0]?.doc).toMatchObject({
      _deleted: false,
      active: false,
    });

    const on = await app.inject({
      method: 'PUT',
      url: `/api/users/my-announcements/${id}/active`,
      headers: bearer(owner.token),
      payload: { active: true },
    });
    expect(on.json()).toMatchObject({ active: true });
    expect((await app.inject({ url: `/api/announcements/${id}` })).statusCode).toBe(200);
    await vi.waitFor(() => {
      for (const c of [other, away]) {
        expect(heldOf(c, id).at(-1)).toMatchObject({ _deleted: false, active: true, title: validForm.title });
      }
    });

    const bad = await app.inject({
      method: 'PUT',
      url: `/api/users/my-announcements/${id}/active`,
      headers: bearer(owner.token),
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/users/my-announcements', () => {
  it('the caller’s own, inactive included, deleted excluded, newest first', async () => {
    const me = await registerAndLogin(app);
    const older = await insertAnnouncement(app, me.userId, { createdAt: '2026-01-01T00:00:00.000Z' });
    const inactive = await insertAnnouncement(app, me.userId, {
      createdAt: '2026-02-01T00:00:00.000Z',
      active: false,
    });
    await insertAnnouncement(app, me.userId, { deleted: true });
    await insertAnnouncement(app, stranger.userId);
    const res = await app.inject({ url: '/api/users/my-announcements', headers: bearer(me.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: Api) => a._id)).toEqual([inactive, older]);
    expect(res.json()[0]).toMatchObject({ active: false, user: { _id: me.userId } });
  });
});
