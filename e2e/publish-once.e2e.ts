import type { Browser, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAccount,
  newPage,
  openSignedIn,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
} from './harness.ts';

/**
 * Issue 12 item 1: a publish whose answer is lost on the way back (the server stored it) is sent again
 * with the same device-made id, so the server keeps one announcement, whichever path sent it.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

const jpeg = async (color: string) => ({
  name: `foto-${color.slice(1)}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});

const rowsOf = (userId: string) =>
  queryServerDb<{ id: string; title: string; images: string }>(
    server,
    'SELECT id, title, images FROM announcements WHERE owner_id = ? AND deleted = 0',
    userId,
  );

/** The server stores the first publish POST, then its answer never reaches the page. */
async function loseFirstPublishAnswer(page: Page): Promise<{ dropped: () => number; sent: () => number }> {
  let sent = 0;
  let dropped = 0;
  await page.route('**/api/users/my-announcements', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    sent++;
    if (dropped > 0) return route.continue();
    const answer = await route.fetch();
    expect(answer.status()).toBe(201);
    dropped++;
    await route.abort('connectionreset');
  });
  return { dropped: () => dropped, sent: () => sent };
}

async function fill(page: Page, title: string) {
  await page.getByLabel('Titlu').fill(title);
  await page.getByText('Meditații & Cursuri').click();
  await page.getByLabel('Descriere').fill('Lecții individuale de o oră, cu exerciții și teme pentru acasă.');
  await page.getByRole('button', { name: /Locație/ }).click();
  await page.getByRole('button', { name: 'Cluj', exact: true }).click();
  await page.getByRole('button', { name: 'Cluj-Napoca', exact: true }).click();
  await page.getByLabel('Persoana de contact').fill('Ioana Rusu');
  await page.getByLabel('Telefon').fill('0722 123 456');
  await page.getByTestId('images-input').setInputFiles([await jpeg('#336699')]);
  await expect.poll(() => page.locator('.pub-image img').count()).toBe(1);
}

const publish = (page: Page) => page.getByRole('button', { name: 'Publică un anunț' }).click();

async function expectOneCard(page: Page, title: string) {
  await page.goto('/anunturile-mele');
  const card = page.getByRole('listitem', { name: title });
  await card.getByRole('link', { name: title }).waitFor({ timeout: 30_000 });
  await card.getByText('În așteptare').waitFor({ state: 'detached' });
  await page.waitForTimeout(500);
  expect(await card.count()).toBe(1);
}

describe('a publish whose answer is lost', () => {
  it('online: the app sends it again with the same id and the server keeps one announcement', async () => {
    const { page, context } = await newPage(browser, server);
    const me = await apiAccount(server, 'lost.answer@hobbiz.test');
    await openSignedIn(page, me);
    await page.getByText('Sincronizat').waitFor();
    const lost = await loseFirstPublishAnswer(page);
    await page.goto('/add-announcement');
    await page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    const title = 'Meditații la fizică pentru liceu';
    await fill(page, title);
    await publish(page);

    // The first answer is lost: the app keeps it on the device and sends it again at once.
    await page.getByText(/Anunțul a fost salvat pe dispozitiv/).waitFor();
    await page.getByText(`Anunțul „${title}” a fost publicat.`).waitFor({ timeout: 30_000 });
    expect(lost.dropped()).toBe(1);
    expect(lost.sent()).toBeGreaterThanOrEqual(2);
    const rows = rowsOf(me.userId);
    expect(rows.map((r) => r.title)).toEqual([title]);
    expect(JSON.parse(rows[0]!.images)).toHaveLength(1);

    await expectOneCard(page, title);
    expect(rowsOf(me.userId)).toHaveLength(1);
    await context.close();
  });

  it('queued offline: the retry after a lost answer publishes it once too', async () => {
    const { page, context } = await newPage(browser, server);
    const me = await apiAccount(server, 'lost.queued@hobbiz.test');
    await openSignedIn(page, me);
    await page.goto('/add-announcement');
    await page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    await page.getByText('Sincronizat').waitFor();
    const title = 'Lecții de pian pentru adulți';
    await fill(page, title);

    await server.stop();
    await page.getByText('Offline').first().waitFor();
    await publish(page);
    await page.getByText(/Anunțul a fost salvat pe dispozitiv/).waitFor();
    await page.waitForURL('**/anunturile-mele', { timeout: 5000 });
    await page.getByRole('listitem', { name: title }).getByText('În așteptare').waitFor();

    const lost = await loseFirstPublishAnswer(page);
    await server.start();
    // The queue's first attempt is stored, its answer lost; the entry stays and goes again by itself.
    await until(() => lost.dropped() === 1, 30_000);
    expect(rowsOf(me.userId)).toHaveLength(1);
    await page.getByText(`Anunțul „${title}” a fost publicat.`).waitFor({ timeout: 30_000 });
    expect(lost.sent()).toBeGreaterThanOrEqual(2);
    expect(rowsOf(me.userId).map((r) => r.title)).toEqual([title]);
    await expectOneCard(page, title);
    await context.close();
  });

  it('what an earlier version left in the old outbox and draft photos is kept and published once', async () => {
    const { page, context } = await newPage(browser, server);
    const me = await apiAccount(server, 'old.outbox@hobbiz.test');
    const photo = [...(await jpeg('#aa3300')).buffer];
    const id = '6a1b2c3d4e5f60718293a4b5';
    const title = 'Curs de olărit pentru începători';
    // A page of the same origin that runs no app code: the old databases are written as the old app did.
    await page.goto('/favicon.svg');
    await page.evaluate(
      async ({ id, userId, token, title, photo }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userId', userId);
        const write = (name: string, store: string, keyPath: string | null, key: string, value: unknown) =>
          new Promise<void>((resolve, reject) => {
            const req = indexedDB.open(name, 1);
            req.onupgradeneeded = () =>
              req.result.createObjectStore(store, keyPath ? { keyPath } : undefined);
            req.onerror = () => reject(req.error);
            req.onsuccess = () => {
              const tx = req.result.transaction(store, 'readwrite');
              if (keyPath) tx.objectStore(store).put(value);
              else tx.objectStore(store).put(value, key);
              tx.oncomplete = () => {
                req.result.close();
                resolve();
              };
            };
          });
        await write('hobbiz_outbox', 'announcements', 'id', id, {
          id,
          userId,
          fields: {
            title,
            category: 'Meditații & Cursuri',
            description: 'Modelaj la roată, glazurare și ardere, în grupe mici.',
            location: 'Cluj',
            localitate: 'Cluj-Napoca',
            contactPerson: 'Ana Pop',
            contactEmail: '',
            contactPhone: '0722 123 456',
            price: '',
          },
          images: [],
          queuedAt: new Date().toISOString(),
          error: null,
        });
        await write('hobbiz_draft_photos', 'photos', null, userId, [
          new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
        ]);
      },
      { id, userId: me.userId, token: me.token, title, photo },
    );
    await page.goto('/anunturile-mele');
    await page.getByText(`Anunțul „${title}” a fost publicat.`).waitFor({ timeout: 30_000 });
    expect(rowsOf(me.userId).map((r) => [r.id, r.title])).toEqual([[id, title]]);
    await expectOneCard(page, title);
    // The draft's photo moved too.
    await page.goto('/add-announcement');
    await page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    await expect.poll(() => page.locator('.pub-image img').count()).toBe(1);
    const names = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(names).not.toContain('hobbiz_outbox');
    expect(names).not.toContain('hobbiz_draft_photos');
    await context.close();
  });
});
