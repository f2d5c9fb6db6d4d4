import type { Browser, Page, WebSocketRoute } from 'playwright-core';
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
  waitForServiceWorker,
} from './harness.ts';

/**
 * Issue 12 item 4: one seller, two devices, one draft. Device 2 (offline) edits the title, device 1
 * (online) edits it later; device 2 reconnects. Its form shows the newer title with the notice and a
 * choice, its next keystrokes in another field do not bring the old title back, and the fields only one
 * device changed merge without asking.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

const title = (p: Page) => p.getByLabel('Titlu');
const description = (p: Page) => p.getByLabel('Descriere');
/** Past the form's 400 ms pause in typing, so the draft is written. */
const settle = (p: Page) => p.waitForTimeout(800);

/** A device signed in as `account` whose network and sync socket can be cut and given back. */
async function device(account: { token: string; userId: string }) {
  const { page, context } = await newPage(browser, server);
  let online = true;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/api\/sync$/, (ws) => {
    if (!online) return void ws.close();
    ws.connectToServer();
    open.add(ws);
  });
  await openSignedIn(page, account);
  await page.getByText('Sincronizat').waitFor();
  await waitForServiceWorker(page);
  return {
    page,
    context,
    async cut() {
      await context.setOffline(true);
      online = false;
      for (const ws of [...open]) await ws.close();
      open.clear();
      await page
        .getByText(/^Offline/)
        .first()
        .waitFor();
    },
    async restore() {
      online = true;
      await context.setOffline(false);
    },
  };
}

describe('a draft edited on two devices', () => {
  it('never lets the older edit overwrite the newer one silently', async () => {
    const seller = await apiAccount(server, 'ciorna.doua.dispozitive@hobbiz.test');
    const draftRow = () =>
      queryServerDb<{ title: string; description: string; contact_phone: string }>(
        server,
        'SELECT title, description, contact_phone FROM drafts WHERE user_id = ?',
        seller.userId,
      )[0];

    const d1 = await device(seller);
    await d1.page.goto('/adauga-anunt');
    await d1.page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    await title(d1.page).fill('Lecții de chitară');
    await description(d1.page).fill('Acord și ritm, o oră pe săptămână.');
    await until(() => draftRow()?.description === 'Acord și ritm, o oră pe săptămână.');

    const d2 = await device(seller);
    await d2.page.goto('/adauga-anunt');
    await expect.poll(() => title(d2.page).inputValue()).toBe('Lecții de chitară');

    // Device 2 types its phone; device 1 then changes the description: device 2's open form takes it.
    await d2.page.getByLabel('Telefon').fill('0722123456');
    await settle(d2.page);
    await until(() => draftRow()?.contact_phone === '0722123456');
    await description(d1.page).fill('Acord, ritm și primele melodii.');
    await expect
      .poll(() => description(d2.page).inputValue(), { timeout: 15_000 })
      .toBe('Acord, ritm și primele melodii.');
    expect(await d2.page.getByLabel('Telefon').inputValue()).toBe('0722123456');

    // --- Device 2 goes offline and edits the title there.
    await d2.cut();
    await title(d2.page).fill('Lecții de chitară clasică');
    await settle(d2.page);

    // --- Device 1 edits the title later.
    const newer = 'Lecții de chitară pentru începători';
    await title(d1.page).fill(newer);
    await until(() => draftRow()?.title === newer);

    // --- Device 2 reconnects: the newer title is shown, with the notice and the choice.
    await d2.restore();
    await d2.page.getByText('Ciorna a fost modificată pe alt dispozitiv.').waitFor({ timeout: 30_000 });
    await expect.poll(() => title(d2.page).inputValue()).toBe(newer);
    await d2.page.getByText('Titlu: „Lecții de chitară clasică”').waitFor();
    await d2.page.getByText('Sincronizat').waitFor({ timeout: 30_000 });

    // Its next keystrokes elsewhere do not push the old title over the newer one.
    await description(d2.page).fill('Acord, ritm și primele melodii, la tine acasă.');
    await settle(d2.page);
    await until(() => draftRow()?.description === 'Acord, ritm și primele melodii, la tine acasă.');
    expect(draftRow()).toEqual({
      title: newer,
      description: 'Acord, ritm și primele melodii, la tine acasă.',
      contact_phone: '0722123456',
    });
    expect(await title(d1.page).inputValue()).toBe(newer);

    // The person chooses their own title: it is saved, and device 1's open form takes it.
    await d2.page.getByRole('button', { name: 'Păstrează varianta mea' }).click();
    expect(await title(d2.page).inputValue()).toBe('Lecții de chitară clasică');
    await d2.page.getByText('Ciorna a fost modificată pe alt dispozitiv.').waitFor({ state: 'detached' });
    await until(() => draftRow()?.title === 'Lecții de chitară clasică');
    await expect
      .poll(() => title(d1.page).inputValue(), { timeout: 15_000 })
      .toBe('Lecții de chitară clasică');
    await expect
      .poll(() => description(d1.page).inputValue())
      .toBe('Acord, ritm și primele melodii, la tine acasă.');

    // The other way: device 1 (offline now) and device 2 both change the description; device 1 takes
    // the newer one.
    await d1.cut();
    await description(d1.page).fill('Varianta de pe laptop, scrisă offline.');
    await settle(d1.page);
    await description(d2.page).fill('Varianta de pe telefon, mai nouă.');
    await until(() => draftRow()?.description === 'Varianta de pe telefon, mai nouă.');
    await d1.restore();
    await d1.page.getByText('Ciorna a fost modificată pe alt dispozitiv.').waitFor({ timeout: 30_000 });
    await d1.page.getByRole('button', { name: 'Folosește varianta nouă' }).click();
    await d1.page.getByText('Ciorna a fost modificată pe alt dispozitiv.').waitFor({ state: 'detached' });
    expect(await description(d1.page).inputValue()).toBe('Varianta de pe telefon, mai nouă.');
    await d1.page.getByText('Sincronizat').waitFor({ timeout: 30_000 });
    await d1.page.waitForTimeout(1000);
    expect(draftRow()?.description).toBe('Varianta de pe telefon, mai nouă.');
    await d1.context.close();
    await d2.context.close();
  });
});
