import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roCollator } from '../schema/search.ts';
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

let server: TestServer;
let browser: Browser;
let ioana: { token: string; userId: string };
type Mine = { _id: string; title: string; category: string; createdAt: string };
let mine: Mine[];

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ioana.popescu@hobbiz.test', password: 'Parola-Demo-2026' }),
  });
  ioana = await res.json();
  mine = await (
    await fetch(`${server.url}/api/users/my-announcements`, {
      headers: { authorization: `Bearer ${ioana.token}` },
    })
  ).json();
});
afterAll(() => stopServerAndBrowser(server, browser));

const cards = (page: Page) => page.locator('.my-card');
const card = (page: Page, title: string) => page.getByRole('listitem', { name: title });
const firstTitle = (page: Page) => page.locator('.my-card-title').first().innerText();

async function openMine(page: Page, account = ioana) {
  await openSignedIn(page, account);
  await page.goto('/anunturile-mele');
  await page.getByRole('heading', { name: 'Anunțurile mele' }).waitFor();
}

/** Whether the id is live in the local database of whoever uses the page (a guest here). */
const liveLocally = (page: Page, id: string) =>
  page.evaluate(async (wanted) => {
    for (const info of await indexedDB.databases()) {
      if (!info.name?.startsWith('rxdb-dexie-hobbiz_guest--') || !info.name.endsWith('--announcements'))
        continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const row = await new Promise<{ _deleted?: unknown } | undefined>((resolve) => {
        const req = db.transaction('docs').objectStore('docs').get(wanted);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve(undefined);
      });
      db.close();
      if (row && row._deleted !== '1' && row._deleted !== true) return true;
    }
    return false;
  }, id);

describe('Anunțurile mele', () => {
  it('lists my announcements with search, category, the four sorts, count, chips and id tails', async () => {
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const { page, context } = await newPage(browser, server);
    await openMine(page);
    await expect.poll(() => cards(page).count()).toBe(mine.length);
    await page.getByText(`${mine.length} anunțuri`).waitFor();
    const target = mine[1]!;
    await card(page, target.title)
      .getByText(`ID: ${target._id.slice(-9)}`)
      .waitFor();

    // Search by the id tail, then by a title word typed without diacritics.
    const search = page.getByLabel('Caută în anunțurile mele');
    await search.fill(target._id.slice(-9));
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.getByText('1 anunț', { exact: true }).waitFor();
    const chip = page.getByRole('button', { name: `Elimină filtrul Căutare: „${target._id.slice(-9)}”` });
    await chip.click();
    await expect.poll(() => cards(page).count()).toBe(mine.length);
    const word = target.title
      .split(/\s+/)
      .sort((a, b) => b.length - a.length)[0]!
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase();
    await search.fill(`${word} ${target._id.slice(-4)}`);
    await expect.poll(() => cards(page).count()).toBe(1);
    await search.fill('cuvantcarenuexista');
    await page.getByText('Nu au fost găsite anunțuri cu criteriile selectate').waitFor();
    await search.fill('');

    // Category filter, offered only for categories present; its chip removes it.
    await page.getByLabel('Categorie').selectOption(target.category);
    const inCategory = mine.filter((a) => a.category === target.category).length;
    await expect.poll(() => cards(page).count()).toBe(inCategory);
    await page.getByRole('button', { name: `Elimină filtrul ${target.category}` }).click();
    expect(await page.getByLabel('Categorie').inputValue()).toBe('');

    // The four orders.
    const sort = page.getByLabel('Sortează');
    const byDate = [...mine].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const byTitle = [...mine].sort((a, b) => roCollator.compare(a.title, b.title));
    await expect.poll(() => firstTitle(page)).toBe(byDate.at(-1)!.title);
    await sort.selectOption({ label: 'Cele mai vechi' });
    await expect.poll(() => firstTitle(page)).toBe(byDate[0]!.title);
    await sort.selectOption({ label: 'Titlu A-Z' });
    await expect.poll(() => firstTitle(page)).toBe(byTitle[0]!.title);
    await sort.selectOption({ label: 'Titlu Z-A' });
    await expect.poll(() => firstTitle(page)).toBe(byTitle.at(-1)!.title);
    await context.close();
  });

  it('Reactualizează brings the oldest to the top; again within 24 h is refused', async () => {
    const { page, context } = await newPage(browser, server);
    await openMine(page);
    const oldest = [...mine].sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0]!;
    await card(page, oldest.title).getByRole('button', { name: 'Reactualizează' }).click();
    await page.getByText('Anunțul a fost reactualizat și apare din nou printre cele mai noi.').waitFor();
    await expect.poll(() => firstTitle(page), { timeout: 10_000 }).toBe(oldest.title);
    const [row] = queryServerDb<{ created_at: string }>(
      server,
      'SELECT created_at FROM announcements WHERE id = ?',
      oldest._id,
    );
    expect(Date.now() - Date.parse(row!.created_at)).toBeLessThan(60_000);
    await card(page, oldest.title).getByRole('button', { name: 'Reactualizează' }).click();
    await page.getByText('Poți reactualiza un anunț cel mult o dată la 24 de ore.').waitFor();
    await context.close();
  });

  it('Dezactivează hides it from everyone else until Activează', async () => {
    const target = mine[2]!;
    const owner = await newPage(browser, server);
    const guest = await newPage(browser, server);
    // The guest opened it, so their device holds it (and follows it).
    await guest.page.goto(`/announcement/${target._id}`);
    await until(() => liveLocally(guest.page, target._id));

    await openMine(owner.page);
    await card(owner.page, target.title).getByRole('button', { name: 'Dezactivează' }).click();
    await card(owner.page, target.title).getByText('Inactiv').waitFor();
    expect(
      queryServerDb(server, 'SELECT 1 FROM announcements WHERE id = ? AND active = 0', target._id),
    ).toHaveLength(1);
    await until(async () => !(await liveLocally(guest.page, target._id)));
    expect((await fetch(`${server.url}/api/announcements/${target._id}`)).status).toBe(404);

    await card(owner.page, target.title).getByRole('button', { name: 'Activează' }).click();
    await card(owner.page, target.title).getByText('Inactiv').waitFor({ state: 'detached' });
    await until(() => liveLocally(guest.page, target._id));
    expect((await fetch(`${server.url}/api/announcements/${target._id}`)).status).toBe(200);
    await owner.context.close();
    await guest.context.close();
  });

  it('Editează opens the form prefilled; the change is saved and leads to the announcement', async () => {
    const target = mine[0]!;
    const { page, context } = await newPage(browser, server);
    await openMine(page);
    await card(page, target.title).getByRole('button', { name: 'Editează' }).click();
    await page.waitForURL('**/edit-announcement');
    await expect.poll(() => page.getByLabel('Titlu').inputValue()).toBe(target.title);
    // The stored copy keeps the page working after a reload.
    await page.reload();
    await expect.poll(() => page.getByLabel('Titlu').inputValue()).toBe(target.title);
    expect(await page.getByRole('radio', { name: target.category }).isChecked()).toBe(true);
    const title = `${target.title.slice(0, 50)} (actualizat)`;
    await page.getByLabel('Titlu').fill(title);
    // The stored photos are shown; a new one is added and made the cover, the old last one removed.
    const before = JSON.parse(
      queryServerDb<{ images: string }>(
        server,
        'SELECT images FROM announcements WHERE id = ?',
        target._id,
      )[0]!.images,
    ) as string[];
    expect(before.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.locator('.pub-image img').count()).toBe(before.length);
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('images-input')
      .setInputFiles({ name: 'nou.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: `Elimină imaginea ${before.length}` }).click();
    await page
      .locator('.pub-image')
      .nth(before.length - 1)
      .getByRole('button', { name: 'Fă-o principală' })
      .click();
    await page.getByRole('button', { name: 'Actualizează anunțul' }).click();
    await page.getByText('Anunțul a fost actualizat cu succes!').waitFor();
    await page.waitForURL(`**/announcement/${target._id}?updated=1`, { timeout: 5000 });
    const [row] = queryServerDb<{ title: string; images: string }>(
      server,
      'SELECT title, images FROM announcements WHERE id = ?',
      target._id,
    );
    expect(row!.title).toBe(title);
    const after = JSON.parse(row!.images) as string[];
    expect(after).toHaveLength(before.length);
    expect(before).not.toContain(after[0]);
    expect(after.slice(1)).toEqual(before.slice(0, -1));
    await context.close();
  });

  it('Șterge asks first; Anulează keeps it, Șterge removes it everywhere', async () => {
    const target = mine.at(-1)!;
    const { page, context } = await newPage(browser, server);
    await openMine(page);
    await card(page, target.title).getByRole('button', { name: 'Șterge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sigur vrei să ștergi acest anunț?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Anulează' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page, target.title).waitFor();
    await card(page, target.title).getByRole('button', { name: 'Șterge' }).click();
    await dialog.getByRole('button', { name: 'Șterge' }).click();
    await page.getByText('Anunțul a fost șters.').waitFor();
    await card(page, target.title).waitFor({ state: 'detached' });
    expect(
      queryServerDb(server, 'SELECT 1 FROM announcements WHERE id = ? AND deleted = 1', target._id),
    ).toHaveLength(1);
    await context.close();
  });

  it('another user sees none of it: an empty list, and no editing of someone else’s announcement', async () => {
    const other = await apiAccount(server, 'alt.vanzator@hobbiz.test');
    const { page, context } = await newPage(browser, server);
    await openMine(page, other);
    await page.getByText('Nu ai încă niciun anunț publicat').waitFor();
    expect(await page.getByRole('button', { name: 'Editează' }).count()).toBe(0);
    // Even with someone else's copy stored for the edit page, there is no form to send.
    const target = mine[1]!;
    await page.evaluate((doc) => localStorage.setItem('editAnnouncement', JSON.stringify(doc)), {
      ...target,
      id: target._id,
      ownerId: ioana.userId,
      description: 'x',
      location: 'Cluj',
      localitate: '',
      contactPerson: 'x',
      contactEmail: '',
      contactPhone: '',
      images: [],
      price: null,
      favoritesCount: 0,
      views: 0,
      updatedAt: target.createdAt,
      active: true,
    });
    await page.goto('/edit-announcement');
    await page.getByText('Poți edita doar anunțurile tale.').waitFor();
    expect(await page.getByRole('button', { name: 'Actualizează anunțul' }).count()).toBe(0);
    await context.close();
  });
});
