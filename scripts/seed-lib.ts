import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import sharp from 'sharp';
import { announcements, favorites, reviews, users } from '../schema/db/tables.ts';
import { titleSortKey } from '../schema/search.ts';
import { searchColumns } from '../schema/text.ts';
import { LocalDirectoryStorage } from '../sync-server/src/lib/file-storage.ts';
import { newId } from '../sync-server/src/lib/ids.ts';
import { nextSeq, type SqliteDb } from '../sync-server/src/plugins/db.ts';
import { storeImage } from '../sync-server/src/services/images.ts';
import { hashPassword } from '../sync-server/src/services/passwords.ts';
import { SEED_ANNOUNCEMENTS, SEED_PASSWORD, SEED_REVIEWS, SEED_USERS } from './seed-data.ts';

const DAY = 86_400_000;

/** A small generated "photo": a soft gradient with a few shapes in the announcement's colour theme. */
function placeholderSvg(hue: number, variant: number): string {
  const h2 = (hue + 40 + variant * 25) % 360;
  const shapes = Array.from({ length: 5 }, (_, i) => {
    const x = (97 * (i + 1) * (variant + 3)) % 800;
    const y = (61 * (i + 2) * (variant + 5)) % 600;
    const r = 40 + ((i * 37 + variant * 13) % 110);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(h2 + i * 30) % 360},70%,${55 + i * 6}%)" fill-opacity="0.55"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},65%,62%)"/><stop offset="1" stop-color="hsl(${h2},60%,38%)"/>
    </linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>${shapes}
    <rect x="250" y="380" width="300" height="120" rx="24" fill="#fff" fill-opacity="0.25"/>
  </svg>`;
}

const PHOTO_W = 1600;
const PHOTO_H = 1200;

/** A small xorshift stream for the photo's texture (the catalogue's own Rng streams stay untouched). */
function textureRng(seed: number): () => number {
  let s = Math.imul(seed + 1, 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/** Adds smooth value noise of one scale (cells of `cell` px, bilinear) to `out`. */
function addValueNoise(out: Float32Array, cell: number, amp: number, rnd: () => number): void {
  const gw = Math.ceil(PHOTO_W / cell) + 2;
  const grid = Float32Array.from({ length: gw * (Math.ceil(PHOTO_H / cell) + 2) }, () => (rnd() - 0.5) * amp);
  for (let y = 0; y < PHOTO_H; y++) {
    const y0 = Math.floor(y / cell);
    const ty = y / cell - y0;
    for (let x = 0; x < PHOTO_W; x++) {
      const x0 = Math.floor(x / cell);
      const tx = x / cell - x0;
      const i = y0 * gw + x0;
      const top = grid[i]! * (1 - tx) + grid[i + 1]! * tx;
      const bottom = grid[i + gw]! * (1 - tx) + grid[i + gw + 1]! * tx;
      out[y * PHOTO_W + x]! += top * (1 - ty) + bottom * ty;
    }
  }
}

/**
 * A photo as a phone sends it after the app shrinks it (issue 26): 1600×1200, JPEG ~230–320 kB, with
 * detail at every scale (surfaces, texture, grain) so its card and detail variants weigh what real ones
 * do (WebP 320 px ~9–16 kB, 640 px ~26–53 kB; stored JPEG ~170–250 kB after the server's re-encode).
 * `variant` picks the texture and how busy it is; the same arguments give the same bytes.
 */
export async function phonePhoto(hue: number, variant: number): Promise<Buffer> {
  const rnd = textureRng(variant * 977 + hue);
  const detail = 1.5 + rnd() * 2;
  const h2 = (hue + 40 + variant * 25) % 360;
  const base = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_W}" height="${PHOTO_H}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},65%,62%)"/><stop offset="1" stop-color="hsl(${h2},60%,38%)"/>
      </linearGradient></defs><rect width="${PHOTO_W}" height="${PHOTO_H}" fill="url(#g)"/></svg>`),
  )
    .removeAlpha()
    .raw()
    .toBuffer();
  const light = new Float32Array(PHOTO_W * PHOTO_H);
  for (const [cell, amp] of [
    [200, 90],
    [40, 40 * detail],
    [10, 30 * detail],
    [3, 16 * detail],
  ] as const)
    addValueNoise(light, cell, amp, rnd);
  for (let p = 0, i = 0; p < light.length; p++, i += 3) {
    for (let c = 0; c < 3; c++) base[i + c] = Math.max(0, Math.min(255, base[i + c]! + light[p]!));
  }
  return sharp(base, { raw: { width: PHOTO_W, height: PHOTO_H, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

export async function placeholderJpeg(hue: number, variant: number): Promise<Buffer> {
  return sharp(Buffer.from(placeholderSvg(hue, variant)))
    .jpeg({ quality: 85 })
    .toBuffer();
}

export function isEmpty(db: SqliteDb): boolean {
  const row = db.$client.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number };
  return row.n === 0;
}

/** Fills an empty database with the demo catalogue: users, announcements with JPEGs, favourites, reviews. */
export async function seed(
  db: SqliteDb,
  dataDir: string,
  now = new Date(),
): Promise<{ users: number; announcements: number }> {
  const storage = new LocalDirectoryStorage(join(dataDir, 'uploads'));
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const userIds = SEED_USERS.map((_, i) => newId(new Date(now.getTime() - (200 + i * 7) * DAY)));

  const prepared = await Promise.all(
    SEED_ANNOUNCEMENTS.map(async (a) => {
      const created = new Date(now.getTime() - a.daysAgo * DAY - Math.floor(Math.random() * DAY));
      const id = newId(created);
      const images: string[] = [];
      for (let i = 0; i < a.imageCount; i++) {
        images.push(
          await storeImage(await placeholderJpeg(a.hue, i), storage, 'announcements', `${id}-${i}`),
        );
      }
      return { a, id, created, images };
    }),
  );

  // On the write connection, where nextSeq takes its numbers: the router would open this transaction on
  // its read connection, and nextSeq would then wait for that transaction's lock (SQLITE_BUSY).
  drizzle(db.$client).transaction((tx) => {
    SEED_USERS.forEach((u, i) => {
      const created = new Date(now.getTime() - (200 + i * 7) * DAY).toISOString();
      tx.insert(users)
        .values({
          id: userIds[i]!,
          email: u.email,
          passwordHash,
          // The demo accounts' addresses count as confirmed (nobody can receive their mail).
          emailVerifiedAt: now.getTime(),
          firstName: u.firstName,
          lastName: u.lastName,
          phone: u.phone,
          localitate: u.localitate,
          avatar: null,
          createdAt: created,
          lastSeen: new Date(now.getTime() - i * 3_600_000).toISOString(),
          seq: nextSeq(db),
        })
        .run();
    });
    for (const { a, id, created, images } of prepared) {
      tx.insert(announcements)
        .values({
          id,
          ownerId: userIds[a.owner]!,
          title: a.title,
          titleKey: titleSortKey(a.title),
          ...searchColumns(a.title, a.description),
          category: a.category,
          description: a.description,
          location: a.location,
          localitate: a.localitate,
          contactPerson: a.contactPerson,
          contactEmail: a.contactEmail,
          contactPhone: a.contactPhone,
          images,
          price: a.price,
          favoritesCount: a.favorites.length,
          views: a.favorites.length * 7 + a.imageCount * 3,
          active: true,
          createdAt: created.toISOString(),
          updatedAt: created.toISOString(),
          seq: nextSeq(db),
        })
        .run();
      for (const f of a.favorites) {
        tx.insert(favorites)
          .values({ userId: userIds[f]!, announcementId: id, createdAt: now.toISOString(), seq: nextSeq(db) })
          .run();
      }
    }
    for (const r of SEED_REVIEWS) {
      const at = new Date(now.getTime() - r.daysAgo * DAY).toISOString();
      tx.insert(reviews)
        .values({
          id: newId(new Date(at)),
          authorId: userIds[r.author]!,
          userId: userIds[r.user]!,
          announcementId: null,
          score: r.score,
          comment: r.comment,
          likes: [],
          createdAt: at,
          updatedAt: at,
          seq: nextSeq(db),
        })
        .run();
    }
  });
  return { users: SEED_USERS.length, announcements: SEED_ANNOUNCEMENTS.length };
}
