import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../schema/constants.ts';
import { newId } from '../../../../schema/ids.ts';
import { jpegHasExif } from '../../../../schema/jpeg.ts';
import { ANNOUNCEMENT_MESSAGES as M } from '../../../../schema/rules/announcement.ts';
import { PHOTO_GRACE_MS, PHOTO_MESSAGES } from '../../services/photo-uploads.ts';
import { buildTestApp, registerAndLogin } from '../../test-helper.ts';
import { bearer, diskPath, gpsJpeg, jpeg, multipart, png, validForm } from './test-fixtures.ts';

/** Issue 22: photos uploaded one by one before the publish that names them (photoIds). */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let seller: { token: string; userId: string };
let other: { token: string; userId: string };

beforeAll(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  other = await registerAndLogin(app);
});
afterAll(async () => {
  await app.cleanup();
});

const url = (id: string) => `/api/users/my-announcements/photos/${id}`;

async function putPhoto(id: string, data: Buffer, token: string | null = seller.token) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'foto.jpg');
  const res = new Response(form);
  return app.inject({
    method: 'PUT',
    url: url(id),
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')!, ...(token ? bearer(token) : {}) },
  });
}

async function publish(fields: Record<string, string | string[]>, token = seller.token) {
  const { payload, headers } = await multipart(fields);
  return app.inject({
    method: 'POST',
    url: '/api/users/my-announcements',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

describe('PUT/GET /api/users/my-announcements/photos/:photoId', () => {
  it('stores a photo once under the device id: a retry answers 200 with the same path', async () => {
    const id = newId();
    expect(
      (await app.inject({ method: 'GET', url: url(id), headers: bearer(seller.token) })).statusCode,
    ).toBe(404);
    const first = await putPhoto(id, await jpeg(2400, 1800));
    expect(first.statusCode).toBe(201);
    const { path } = first.json() as { path: string };
    expect(path).toMatch(new RegExp(`^/uploads/announcements/${id}-[0-9a-f]{8}\\.jpg$`));
    const meta = await sharp(diskPath(app, path)).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(LIMITS.imageMaxEdge);
    const again = await putPhoto(id, await jpeg(64, 48, '#123456'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id, path });
    const status = await app.inject({ method: 'GET', url: url(id), headers: bearer(seller.token) });
    expect(status.json()).toEqual({ id, path });
  });

  it('drops the GPS position and refuses what is not a JPEG, a guest, another person', async () => {
    const id = newId();
    const res = await putPhoto(id, await gpsJpeg());
    expect(res.statusCode).toBe(201);
    const { readFileSync } = await import('node:fs');
    expect(jpegHasExif(readFileSync(diskPath(app, (res.json() as { path: string }).path)))).toBe(false);
    const bad = await putPhoto(newId(), await png());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(M.imagesJpeg);
    expect((await putPhoto(newId(), await jpeg(), null)).statusCode).toBe(401);
    // Another person neither sees the photo nor overwrites it.
    expect((await app.inject({ method: 'GET', url: url(id), headers: bearer(other.token) })).statusCode).toBe(
      404,
    );
    // Nor can a PUT of the same id tell that it exists (issue 40, L4): ids are unique per account, so it
    // stores the other person's own photo, like any fresh id; the seller's stays theirs.
    const theirs = await putPhoto(id, await jpeg(), other.token);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().path).not.toBe(res.json().path);
    const mine = await app.inject({ method: 'GET', url: url(id), headers: bearer(seller.token) });
    expect(mine.json()).toEqual({ id, path: res.json().path });
    expect((await putPhoto('not-an-id', await jpeg())).statusCode).toBe(400);
  });
});

describe('publishing with photoIds', () => {
  it('uses the uploaded photos in order, then the form files; a retry publishes nothing twice', async () => {
    const a = newId();
    const b = newId();
    const pa = ((await putPhoto(a, await jpeg(80, 60, '#aa0000'))).json() as { path: string }).path;
    const pb = ((await putPhoto(b, await jpeg(80, 60, '#00aa00'))).json() as { path: string }).path;
    const id = newId();
    const res = await publish({ ...validForm, id, photoIds: JSON.stringify([b, a]) });
    expect(res.statusCode).toBe(201);
    expect(res.json().images).toEqual([pb, pa]);
    const retry = await publish({ ...validForm, id, photoIds: JSON.stringify([b, a]) });
    expect(retry.statusCode).toBe(200);
    // A photo claimed by one announcement cannot be named by another.
    const second = await publish({ ...validForm, title: 'Alt anunț cu aceeași fotografie', photoIds: [a] });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ error: PHOTO_MESSAGES.missing, code: 'photo_missing' });
  });

  it('refuses unknown or foreign photo ids and more than the photo limit', async () => {
    const foreign = newId();
    await putPhoto(foreign, await jpeg(), other.token);
    for (const ids of [[newId()], [foreign]]) {
      const res = await publish({ ...validForm, photoIds: JSON.stringify(ids) });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('photo_missing');
    }
    const many = Array.from({ length: LIMITS.imagesMax + 1 }, () => newId());
    expect((await publish({ ...validForm, photoIds: JSON.stringify(many) })).statusCode).toBe(400);
  });

  it('accepts photoIds in a JSON body too', async () => {
    const p = newId();
    await putPhoto(p, await jpeg());
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/my-announcements',
      payload: { ...validForm, title: 'Anunț trimis ca JSON cu o fotografie', photoIds: [p] },
      headers: bearer(seller.token),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().images).toHaveLength(1);
  });
});

describe('purge', () => {
  it('removes photos nobody claimed after the grace period, keeps claimed ones', async () => {
    const unused = newId();
    const used = newId();
    const unusedPath = ((await putPhoto(unused, await jpeg())).json() as { path: string }).path;
    const usedPath = ((await putPhoto(used, await jpeg())).json() as { path: string }).path;
    expect(
      (await publish({ ...validForm, title: 'Anunț cu fotografia folosită', photoIds: [used] })).statusCode,
    ).toBe(201);
    expect(await app.housekeeping.purgePhotoUploads(Date.now() + 1000, PHOTO_GRACE_MS)).toBe(0);
    expect(
      await app.housekeeping.purgePhotoUploads(Date.now() + PHOTO_GRACE_MS + 1000),
    ).toBeGreaterThanOrEqual(1);
    expect(existsSync(diskPath(app, unusedPath))).toBe(false);
    expect(existsSync(diskPath(app, usedPath))).toBe(true);
    expect(
      (await app.inject({ method: 'GET', url: url(unused), headers: bearer(seller.token) })).statusCode,
    ).toBe(404);
  });
});
