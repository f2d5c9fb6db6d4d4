import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAccount,
  newPage,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
  waitForServiceWorker,
} from './harness.ts';

/**
 * The whole story of issue 7, as two people live it: a seller signs up, drafts an announcement with photos
 * on a train with no network, publishes when back, edits it; a buyer finds it from the home search as a
 * guest, keeps it as a favourite, logs in and brings the favourite along, messages the seller, gets an
 * answer, rates the seller and sees the review on the profile; the seller deletes the account and
 * everything of theirs is gone.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

const SELLER = {
  first: 'Irina',
  last: 'Munteanu',
  email: 'irina.munteanu@hobbiz.test',
  password: 'Cozonac-cu-nuca-7',
};
const TITLE = 'Cozonac cu nucă și cacao, făcut în casă';
const EDITED = 'Cozonac cu nucă și cacao, făcut în casă, 1 kg';

const jpeg = async (color: string, name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});

async function refuseCookies(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Refuză tot' }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Parolă', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Autentifică-te' }).click();
}

const announcementRows = (title: string) =>
  queryServerDb<{ id: string; images: string; deleted: number; owner_id: string }>(
    server,
    'SELECT id, images, deleted, owner_id FROM announcements WHERE title = ?',
    title,
  );

/** Progress lines with the time since the start: when a wait runs out in CI, the log says at which step. */
function stepper() {
  const t0 = Date.now();
  return (what: string) => console.log(`[journey] ${((Date.now() - t0) / 1000).toFixed(1)} s — ${what}`);
}

describe('a seller and a buyer, from sign-up to account deletion', () => {
  // A long story on a 2-core machine: 22 s when quiet; the budget covers a loaded CI run.
  it('the whole journey', { timeout: 240_000 }, async () => {
    const step = stepper();
    step('The seller signs up and logs in.');
    const { page: seller, context: sellerContext } = await newPage(browser, server);
    await refuseCookies(seller);
    await seller.goto('/signup');
    await seller.getByLabel('Prenume').fill(SELLER.first);
    await seller.getByLabel('Nume', { exact: true }).fill(SELLER.last);
    await seller.getByLabel('Email').fill(SELLER.email);
    await seller.getByLabel('Parolă', { exact: true }).fill(SELLER.password);
    await seller.getByRole('button', { name: 'Creează cont' }).click();
    await seller.getByText('Cont creat cu succes! Te poți autentifica.').waitFor();
    await logIn(seller, SELLER.email, SELLER.password);
    await seller.waitForURL(`${server.url}/`);
    const sellerId = (await seller.evaluate(() => localStorage.getItem('userId')))!;

    step(
      "On a train: no network. The form still opens, the photos are chosen, 'Publică un anunț' queues it.",
    );
    await seller.goto('/add-announcement');
    await seller.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    await waitForServiceWorker(seller);
    await server.stop();
    await seller.getByText('Offline').first().waitFor();
    await seller.getByLabel('Titlu').fill(TITLE);
    await seller.getByText('Prăjituri, Băcănie, Gătit').click();
    await seller
      .getByLabel('Descriere')
      .fill('Cozonac pufos cu multă umplutură de nucă și cacao, copt în cuptorul de acasă.');
    await seller.getByRole('button', { name: /Locație/ }).click();
    await seller.getByRole('button', { name: 'Cluj', exact: true }).click();
    await seller.getByRole('button', { name: 'Cluj-Napoca', exact: true }).click();
    await seller.getByLabel('Persoana de contact').fill(`${SELLER.first} ${SELLER.last}`);
    await seller.getByLabel('Telefon').fill('0722123456');
    await seller.getByLabel('Preț (lei, opțional)').fill('60');
    await seller
      .getByTestId('images-input')
      .setInputFiles([await jpeg('#c08040', 'coaja.jpg'), await jpeg('#603010', 'felie.jpg')]);
    await expect.poll(() => seller.locator('.pub-image img').count()).toBe(2);
    await seller.getByRole('button', { name: 'Publică un anunț' }).click();
    await seller.getByText(/Anunțul a fost salvat pe dispozitiv/).waitFor();
    await seller.waitForURL('**/anunturile-mele');
    await seller.getByRole('listitem', { name: TITLE }).getByText('În așteptare').waitFor();
    expect(announcementRows(TITLE)).toHaveLength(0);

    step('Back in range: it is published once, with both photos.');
    await server.start();
    await seller.getByText(`Anunțul „${TITLE}” a fost publicat.`).waitFor({ timeout: 30_000 });
    await until(() => announcementRows(TITLE).length === 1, 30_000);
    const [row] = announcementRows(TITLE);
    expect(JSON.parse(row!.images)).toHaveLength(2);
    expect(row!.owner_id).toBe(sellerId);

    step('The seller edits it.');
    const card = seller.getByRole('listitem', { name: TITLE });
    await card.getByText('În așteptare').waitFor({ state: 'detached', timeout: 30_000 });
    await card.getByRole('button', { name: 'Editează' }).click();
    await expect.poll(() => seller.getByLabel('Titlu').inputValue()).toBe(TITLE);
    await seller.getByLabel('Titlu').fill(EDITED);
    await seller.getByRole('button', { name: 'Actualizează anunțul' }).click();
    await seller.waitForURL(`**/announcement/${row!.id}*`);
    await until(() => announcementRows(EDITED).length === 1);

    step('A buyer, not signed in, searches from the home page and keeps it as a favourite.');
    const { page: buyer, context: buyerContext } = await newPage(browser, server);
    await refuseCookies(buyer);
    await buyer.getByLabel('Caută anunțuri').locator('visible=true').first().fill('cozonac nuca');
    await buyer.getByRole('button', { name: 'Caută', exact: true }).first().click();
    await buyer.waitForURL(/\/anunturi-categorie\/toate\?/);
    await buyer
      .getByRole('button', { name: `Adaugă la favorite: ${EDITED}` })
      .first()
      .click();
    await buyer
      .getByRole('button', { name: `Elimină din favorite: ${EDITED}` })
      .first()
      .waitFor();

    step('The buyer logs in; the favourite made as a guest moves into the account.');
    const buyerAccount = await apiAccount(server, 'radu.buyer@hobbiz.test');
    await logIn(buyer, 'radu.buyer@hobbiz.test', 'o-parola-lunga');
    const merge = buyer.getByRole('dialog', { name: 'Sincronizează favoritele salvate înainte de login' });
    await merge.getByRole('button', { name: 'Adaugă în cont' }).click();
    await until(
      () =>
        queryServerDb(
          server,
          'SELECT 1 FROM favorites WHERE user_id = ? AND announcement_id = ? AND deleted = 0',
          buyerAccount.userId,
          row!.id,
        ).length === 1,
    );

    step('The buyer writes to the seller from the announcement; the seller answers from /chat.');
    await buyer.goto(`/announcement/${row!.id}`);
    await buyer.getByRole('button', { name: 'Trimite mesaj' }).click();
    const popup = buyer.getByRole('dialog', { name: `Conversație cu ${SELLER.first}` });
    await popup
      .getByRole('textbox', { name: 'Scrie un mesaj' })
      .fill('Bună ziua! Îl puteți face și fără cacao?');
    await popup.getByRole('button', { name: 'Trimite', exact: true }).click();
    await seller.goto('/chat');
    await seller.locator('.chat-list-item', { hasText: 'fără cacao' }).click();
    await seller
      .getByRole('textbox', { name: 'Scrie un mesaj' })
      .fill('Sigur, doar cu nucă. Sâmbătă e gata.');
    await seller.getByRole('button', { name: 'Trimite', exact: true }).click();
    await popup.getByText('Sigur, doar cu nucă. Sâmbătă e gata.').waitFor();
    expect(
      queryServerDb(server, 'SELECT 1 FROM messages WHERE text LIKE ? AND deleted = 0', '%cacao?%'),
    ).toHaveLength(1);
    await popup.getByRole('button', { name: 'Închide conversația' }).click();

    step("The buyer rates the seller; the review appears on the seller's profile.");
    await buyer.getByRole('button', { name: 'Evaluează' }).click();
    const rating = buyer.getByRole('dialog', { name: 'Evaluează utilizatorul' });
    await rating.getByRole('textbox').fill('Cozonac excelent, livrat la timp.');
    await rating.getByRole('button', { name: 'Trimite' }).click();
    await until(() => buyer.url().endsWith(`/profil/${sellerId}?recenzie=1`));
    await buyer.getByText('Cozonac excelent, livrat la timp.').waitFor();

    step('The seller deletes the account: their announcement, profile and review received are gone.');
    await seller.goto('/setari-cont');
    await seller.getByRole('button', { name: 'Șterge contul' }).click();
    const deleteDialog = seller.getByRole('dialog', { name: 'Sigur vrei să ștergi contul?' });
    await deleteDialog.getByLabel('Parola actuală').fill(SELLER.password);
    await deleteDialog.getByRole('button', { name: 'Șterge', exact: true }).click();
    await seller.getByText('Contul tău a fost șters cu succes!').waitFor();
    expect(
      queryServerDb<{ deleted: number }>(
        server,
        'SELECT deleted FROM announcements WHERE id = ?',
        row!.id,
      )[0]!.deleted,
    ).toBe(1);
    expect(
      queryServerDb<{ deleted: number }>(server, 'SELECT deleted FROM users WHERE id = ?', sellerId)[0]!
        .deleted,
    ).toBe(1);
    expect(
      queryServerDb(server, 'SELECT 1 FROM reviews WHERE user_id = ? AND deleted = 0', sellerId),
    ).toHaveLength(0);
    const gone = await fetch(`${server.url}/api/announcements/${row!.id}`);
    expect(gone.status).toBe(404);
    // The buyer's device drops it too (a tombstone arrives): the listing no longer shows it.
    await buyer.goto('/anunturi-categorie/toate?q=cozonac');
    await buyer.getByRole('heading').first().waitFor();
    await until(async () => (await buyer.getByText(EDITED).count()) === 0, 30_000);

    await sellerContext.close();
    await buyerContext.close();
  });
});
