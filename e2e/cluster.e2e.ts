import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../scripts/cluster.ts';
import { freshDatabaseUrl } from '../sync-server/src/test-pg.ts';
import { launchBrowser, newPage, openSignedIn, until } from './harness.ts';
import { composer, message } from './locators.ts';

// Issue 13: two sync-server instances on one PostgreSQL behind nginx (deploy/nginx.conf, round robin, no
// sticky sessions), the built PWA served by the instances (STATIC_DIR is inherited from this process).
// Person A (buyer) and B (seller) chat through nginx; the instance holding A's socket is killed with
// SIGKILL mid-conversation and A's app must carry on on the other one by itself.
// Needs PostgreSQL and nginx: run by `npm run test:pg` (scripts/test-pg.ts), not `npm test`.

const ENGINE = (process.env.CLUSTER_E2E_ENGINE ?? 'postgres') as 'postgres' | 'sqlite';
const INSTANCES = ENGINE === 'postgres' ? 2 : 1;

type Account = { token: string; userId: string };

let cluster: Cluster;
let browser: Browser;
let pool: pg.Pool | null = null;
let pageA: Page;
let pageB: Page;
let seller: Account;
let buyer: Account;

/** Rows of the shared database (PostgreSQL), or of the one instance's SQLite file (SQL both accept). */
async function query<T>(sql: string): Promise<T[]> {
  if (pool) return (await pool.query(sql)).rows as T[];
  const db = new Database(join(cluster.instances[0]!.dataDir, 'hobbiz.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

async function api(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${cluster.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function account(email: string, firstName: string) {
  const password = 'o-parola-lunga';
  const reg = await api('/api/users/register', { firstName, lastName: 'Exemplu', email, password });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const res = await api('/api/users/login', { email, password });
  return (await res.json()) as { token: string; userId: string };
}

/** B's announcement, published through nginx as the app does (a multipart form with one photo). */
async function publish(token: string): Promise<string> {
  const form = new FormData();
  const fields = {
    title: 'Ședință foto de familie în parc',
    category: 'Fotografie',
    description: 'Fotografii naturale pentru familii, în parc sau acasă, cu 40 de imagini editate.',
    location: 'Cluj',
    localitate: 'Cluj-Napoca',
    contactPerson: 'Bogdan Exemplu',
    contactEmail: 'bogdan@hobbiz.test',
    contactPhone: '0712345678',
    price: '150',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c06030' } })
    .jpeg()
    .toBuffer();
  form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await fetch(`${cluster.url}/api/users/my-announcements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`publish: ${res.status} ${await res.text()}`);
  const { images } = (await res.json()) as { images: string[] };
  // Stored once, served by every instance (from the bucket when there is one, nothing on their disks).
  for (const inst of cluster.instances) {
    const served = await fetch(`${inst.url}${images[0]}`);
    expect(served.status, `${images[0]} from ${inst.url}`).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    if (cluster.s3) expect(existsSync(join(inst.dataDir, images[0]!.slice(1)))).toBe(false);
  }
  const [row] = await query<{ id: string }>('SELECT id FROM announcements');
  return row!.id;
}

/** How many sync sockets each instance holds (GET /api/health on its own port); null for a dead one. */
async function socketsPerInstance(): Promise<(number | null)[]> {
  return Promise.all(
    cluster.instances.map(async (inst) => {
      try {
        const res = await fetch(`${inst.url}/api/health`);
        return ((await res.json()) as { sockets: number }).sockets;
      } catch {
        return null;
      }
    }),
  );
}

/** Waits until the instances hold `total` sockets between them, the same for 1 s; returns the counts. */
async function settledSockets(total: number): Promise<number[]> {
  let last = '';
  let since = Date.now();
  let counts: number[] = [];
  await until(async () => {
    counts = (await socketsPerInstance()).map((n) => n ?? 0);
    const key = counts.join(',');
    if (key !== last) {
      last = key;
      since = Date.now();
    }
    return counts.reduce((a, b) => a + b, 0) === total && Date.now() - since >= 1000;
  }, 30_000);
  return counts;
}

async function openConversation(page: Page): Promise<void> {
  await page.goto('/chat');
  await page.getByText('Sincronizat').waitFor();
  await page.locator('.chat-list-item').first().click();
  await composer(page).waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Trimite', exact: true }).click();
}

/** Each text exactly once on the page, and nothing else: the ids of the bubbles, in order. */
async function bubbles(page: Page, texts: string[]): Promise<string[]> {
  await until(async () => (await page.locator('.msg').count()) === texts.length);
  for (const t of texts) expect(await message(page, t, { exact: true }).count(), t).toBe(1);
  return page
    .locator('.msg')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.messageId ?? ''));
}

/**
 * Fresh pages for A and B with their conversation open, through nginx, on different instances when there
 * are two: A's page first, alone (the instance whose socket count rises holds A's socket), then B's,
 * opened again (one request through nginx in between) until round robin puts it on the other instance.
 * Answers the instances' indexes.
 */
async function placeApart(buyer: Account, seller: Account): Promise<{ a: number; b: number }> {
  for (const page of [pageA, pageB]) await page?.context().close();
  await settledSockets(0);
  pageA = (await newPage(browser, cluster)).page;
  await openSignedIn(pageA, buyer);
  await openConversation(pageA);
  const a = (await settledSockets(1)).indexOf(1);
  pageB = (await newPage(browser, cluster)).page;
  await openSignedIn(pageB, seller);
  let b = -1;
  for (let attempt = 0; attempt < 12; attempt++) {
    // A page load makes a fixed number of upstream requests, so round robin can land B's socket on A's
    // instance every time (seen in CI); one more request through nginx shifts the rotation.
    if (attempt > 0) await fetch(`${cluster.url}/api/health`);
    await openConversation(pageB);
    const counts = await settledSockets(2);
    b = counts.findIndex((n, i) => n - (i === a ? 1 : 0) === 1);
    if (INSTANCES === 1 || b !== a) break;
  }
  if (INSTANCES > 1) expect(b, 'B on the other instance').not.toBe(a);
  return { a, b };
}

beforeAll(async () => {
  // Under `npm run test:pg` a database on its PostgreSQL; run alone, the cluster starts its own server.
  const databaseUrl =
    ENGINE === 'postgres' && process.env.DATABASE_URL ? await freshDatabaseUrl() : undefined;
  // Uploads in an S3-compatible bucket (issue 22): the instances share no directory.
  cluster = await startCluster({
    instances: INSTANCES,
    engine: ENGINE,
    databaseUrl,
    storage: ENGINE === 'postgres' ? 's3' : 'directory',
  });
  if (cluster.databaseUrl) pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await pool?.end();
  await cluster?.stop();
});

describe(`${INSTANCES} instance(s) on ${ENGINE} behind nginx`, () => {
  it('A and B chat; the instance holding A’s socket is killed -9: A’s app carries on by itself, nothing lost or doubled', async () => {
    seller = await account('bogdan.cluster@hobbiz.test', 'Bogdan');
    buyer = await account('ana.cluster@hobbiz.test', 'Ana');
    const announcementId = await publish(seller.token);
    const opening = 'Bună ziua! Mai este disponibil?';
    const first = await api('/api/messages', { announcementId, text: opening }, buyer.token);
    expect(first.ok).toBe(true);

    const { a } = await placeApart(buyer, seller);
    await message(pageA, opening).waitFor();
    await message(pageB, opening).waitFor();

    // A live conversation across the instances.
    const m1 = 'Aș putea veni sâmbătă dimineață?';
    await send(pageA, m1);
    await message(pageB, m1).waitFor();
    const r1 = 'Da, sâmbătă la 10 este perfect.';
    await send(pageB, r1);
    await message(pageA, r1).waitFor();
    // Everything A has on screen is acknowledged by the server (no clock on any bubble).
    await message(pageA, m1)
      .getByRole('img', { name: /Trimis|Citit/ })
      .waitFor();
    const seen = await bubbles(pageA, [opening, m1, r1]);

    // The instance holding A's socket dies; A writes at once. (A mark on the page: gone if it reloads.)
    await pageA.evaluate(() => Object.assign(window, { hobbizNoReload: true }));
    await cluster.killInstance(a, 'SIGKILL');
    const killedAt = Date.now();
    const m2 = 'Perfect, ne vedem atunci. Mulțumesc!';
    await send(pageA, m2);
    await message(pageA, m2).waitFor();
    if (INSTANCES === 1) {
      // Nobody else to carry it: the message waits (never lost) until the instance is back.
      await pageA.getByText(/^Offline/).waitFor();
      await cluster.restartInstance(a);
    }
    // No reload: A's app reconnects through nginx by itself and its message goes out.
    await pageA.getByText('Sincronizat').waitFor({ timeout: 30_000 });
    await message(pageB, m2).waitFor({ timeout: 30_000 });
    console.log(`[cluster e2e] A's message sent after the kill reached B in ${Date.now() - killedAt} ms`);
    await message(pageA, m2)
      .getByRole('img', { name: /Trimis|Citit/ })
      .waitFor({ timeout: 30_000 });
    if (INSTANCES > 1) {
      // Both sockets are on the surviving instance now.
      const counts = await settledSockets(2);
      expect(counts[a]).toBe(0);
    }
    expect(await pageA.evaluate(() => 'hobbizNoReload' in window), 'A’s page was not reloaded').toBe(true);
    // And A hears B live again.
    const r2 = 'Cu plăcere! Vă aștept.';
    await send(pageB, r2);
    await message(pageA, r2).waitFor({ timeout: 30_000 });

    const texts = [opening, m1, r1, m2, r2];
    const idsA = await bubbles(pageA, texts);
    const idsB = await bubbles(pageB, texts);
    expect(idsA.slice(0, seen.length)).toEqual(seen);
    expect(idsB).toEqual(idsA);
    // In the database: one row per message, the very ids both people see.
    const rows = await query<{ id: string; text: string }>('SELECT id, text FROM messages ORDER BY id');
    expect(rows.map((r) => r.text).sort()).toEqual([...texts].sort());
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(idsA));

    // The killed instance comes back: nothing changes, on screen or in the database.
    if (INSTANCES > 1) await cluster.restartInstance(a);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await bubbles(pageA, texts)).toEqual(idsA);
    expect(await bubbles(pageB, texts)).toEqual(idsA);
    for (const page of [pageA, pageB]) {
      await page.reload();
      await page.locator('.chat-list-item').first().click();
      expect(await bubbles(page, texts)).toEqual(idsA);
    }
    const after = await query<{ id: string; text: string }>('SELECT id, text FROM messages ORDER BY id');
    expect(after).toEqual(rows);
  });
  it('typing, read receipts and a logout cross from one instance to the other', async () => {
    const { b } = await placeApart(buyer, seller);
    // B types on its instance: A sees it on the other, and it stops when B leaves the field.
    await composer(pageB).pressSequentially('Da');
    await pageA.getByText(/scrie…/).waitFor();
    await pageB.getByRole('heading', { name: /Ana/ }).click();
    await pageA.getByText(/scrie…/).waitFor({ state: 'detached', timeout: 10_000 });
    // A writes; B has the conversation open: A's tick turns into 'Citit'.
    const m = 'Am o întrebare despre preț.';
    await send(pageA, m);
    await message(pageB, m).waitFor();
    await message(pageA, m).getByRole('img', { name: 'Citit' }).waitFor({ timeout: 10_000 });
    // A signs out everywhere from another device, through B's instance: A's page (on the other instance)
    // is signed out too.
    const elsewhere = (await (
      await api('/api/users/login', { email: 'ana.cluster@hobbiz.test', password: 'o-parola-lunga' })
    ).json()) as Account;
    const res = await fetch(`${cluster.instances[b]!.url}/api/users/logout-all`, {
      method: 'POST',
      headers: { authorization: `Bearer ${elsewhere.token}` },
    });
    expect(res.status).toBe(200);
    await pageA.waitForURL(`${cluster.url}/login`, { timeout: 30_000 });
    await pageA
      .getByRole('alert')
      .getByText('Sesiunea ta a expirat sau a fost închisă de pe alt dispozitiv. Autentifică-te din nou.')
      .waitFor();
    // B is untouched.
    await pageB.getByText('Sincronizat').waitFor();
  });
});
