import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES as M } from '../schema/rules/announcement.ts';
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
  waitForSignedInPages,
} from './harness.ts';

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

const publishButton = (page: Page) => page.getByRole('button', { name: 'Publică un anunț' });
const files = (page: Page) => page.getByTestId('images-input');
const error = (page: Page, text: string) => page.locator('.field-error', { hasText: text });
/** The line naming a refused file with its reason, in the picker's list. */
const refusal = (page: Page, name: string, reason: string) =>
  page.locator('#images-refused li', { hasText: `${name}: ${reason}` });

async function openForm(page: Page, email: string) {
  const me = await apiAccount(server, email);
  await openSignedIn(page, me);
  await page.goto('/add-announcement');
  await page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
  return me;
}

type Form = { title: string; description: string; person: string; email?: string; phone?: string };
async function fill(page: Page, f: Form) {
  await page.getByLabel('Titlu').fill(f.title);
  await page.getByText('Meditații & Cursuri').click();
  await page.getByLabel('Descriere').fill(f.description);
  await page.getByRole('button', { name: /Locație/ }).click();
  await page.getByRole('button', { name: 'Cluj', exact: true }).click();
  await page.getByRole('button', { name: 'Cluj-Napoca', exact: true }).click();
  await page.getByLabel('Persoana de contact').fill(f.person);
  if (f.email) await page.getByLabel('Email').fill(f.email);
  if (f.phone) await page.getByLabel('Telefon').fill(f.phone);
}

type Row = {
  id: string;
  title: string;
  images: string;
  location: string;
  localitate: string;
  active: number;
};
const rowsTitled = (title: string) =>
  queryServerDb<Row>(
    server,
    'SELECT id, title, images, location, localitate, active FROM announcements WHERE title = ? AND deleted = 0',
    title,
  );

describe('add announcement', () => {
  it('shows every validation message of spec §5 when Publică is clicked with bad input', async () => {
    const { page, context } = await newPage(browser, server);
    await openForm(page, 'valid.publish@hobbiz.test');

    await publishButton(page).click();
    await page.getByText(M.submitErrors.publish).waitFor();
    for (const m of [
      M.titleMin,
      M.categoryRequired,
      M.descriptionMin,
      M.locationRequired,
      M.contactPersonRequired,
      M.contactRequired,
    ])
      await error(page, m).waitFor();
    // Focus goes to the first wrong field.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('title');

    await page.getByLabel('Titlu').fill('x'.repeat(71));
    await page.getByLabel('Descriere').fill('d'.repeat(9001));
    await page.getByLabel('Persoana de contact').fill(' A ');
    await page.getByLabel('Email').fill('nu-este-email');
    await page.getByLabel('Telefon').fill('12345');
    await page.getByLabel('Preț (lei, opțional)').fill('12,5');
    await publishButton(page).click();
    for (const m of [
      M.titleMax,
      M.descriptionMax,
      M.contactPersonMin,
      M.emailInvalid,
      M.phoneInvalid,
      M.priceInvalid,
    ])
      await error(page, m).waitFor();
    await page.getByLabel('Persoana de contact').fill('N'.repeat(51));
    await error(page, M.contactPersonMax).waitFor();

    // Photos: type, size and count are checked as they are chosen; a refused file is named, not added.
    await files(page).setInputFiles({
      name: 'poza.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50]),
    });
    await refusal(page, 'poza.png', M.imagesJpeg).waitFor();
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0);
    big.set([0xff, 0xd8, 0xff]);
    await files(page).setInputFiles({ name: 'mare.jpg', mimeType: 'image/jpeg', buffer: big });
    await refusal(page, 'mare.jpg', M.imagesSize).waitFor();
    // The previous selection's list is gone: it no longer applies.
    expect(await page.getByText('poza.png').count()).toBe(0);
    expect(await page.locator('.pub-image img').count()).toBe(0);
    // Nothing reached the server.
    expect(rowsTitled('x'.repeat(71))).toHaveLength(0);
    // /adauga-anunt is the same page, and the typed draft is there too.
    await page.waitForTimeout(600);
    await page.goto('/adauga-anunt');
    await page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    await expect.poll(() => page.getByLabel('Titlu').inputValue()).toBe('x'.repeat(71));
    await context.close();
  });

  it('counts characters as the rule does: a title typed with combining diacritics (NFD) is 70/70 and accepted', async () => {
    const { page, context } = await newPage(browser, server);
    await openForm(page, 'count.publish@hobbiz.test');
    // What some keyboards send: 'ă' as 'a' + U+0306, 'ț' as 't' + U+0326. The rule counts NFC characters.
    const composed = 'Brățară împletită, țesută în stil tradițional, cu mărgele și ață roșie';
    const typed = composed.normalize('NFD');
    expect([...composed].length).toBe(70);
    expect([...typed].length).toBeGreaterThan(70);
    await page.getByLabel('Titlu').fill(typed);
    await page.getByLabel('Descriere').fill(`  ${'Î'.normalize('NFD').repeat(20)}  `);
    const counters = page.locator('.pub-count');
    await expect.poll(() => counters.first().textContent()).toBe('70/70');
    await expect.poll(() => counters.nth(1).textContent()).toBe('20/9000');
    await publishButton(page).click();
    await page.getByText(M.submitErrors.publish).waitFor();
    // The rule agrees with the counter: the title is not too long (other fields are still missing).
    await error(page, M.contactPersonRequired).waitFor();
    expect(await error(page, M.titleMax).count()).toBe(0);
    await context.close();
  });

  it('publishes with 2 photos (the second made the cover), after a preview; shows in Anunțurile mele', async () => {
    const { page, context } = await newPage(browser, server);
    const me = await openForm(page, 'full.publish@hobbiz.test');
    const title = 'Meditații la matematică pentru clasa a VIII-a';
    await fill(page, {
      title,
      description: 'Pregătire pentru Evaluarea Națională, online sau la domiciliu, cu teste săptămânale.',
      person: 'Andrei Pop',
      phone: '0722 123 456',
    });
    await page.getByLabel('Preț (lei, opțional)').fill('80');
    await files(page).setInputFiles([await jpeg('#ff0000'), await jpeg('#0000ff')]);
    await expect.poll(() => page.locator('.pub-image img').count()).toBe(2);
    await page.getByRole('button', { name: 'Fă-o principală' }).click();
    await page.getByText('Imagine principală').waitFor();

    await page.getByRole('button', { name: 'Previzualizați anunțul' }).click();
    const dialog = page.getByRole('dialog', { name: 'Previzualizare anunț' });
    await dialog.getByRole('heading', { name: title }).waitFor();
    await dialog.getByText('80 lei').first().waitFor();
    await dialog.getByText('Cluj-Napoca, Cluj').first().waitFor();
    await dialog.getByRole('button', { name: 'Închide' }).click();
    await dialog.waitFor({ state: 'detached' });

    await publishButton(page).click();
    await page.getByText('Anunțul a fost publicat cu succes!').waitFor();
    await page.waitForURL('**/anunturile-mele', { timeout: 5000 });
    await page.getByRole('link', { name: title }).waitFor();

    const [row] = rowsTitled(title);
    expect(row).toMatchObject({ location: 'Cluj', localitate: 'Cluj-Napoca', active: 1 });
    const images = JSON.parse(row!.images) as string[];
    expect(images).toHaveLength(2);
    // The blue photo (second chosen) is the cover: its stored file is blue.
    const cover = await (await fetch(`${server.url}${images[0]}`)).arrayBuffer();
    const { dominant } = await sharp(Buffer.from(cover)).stats();
    expect(dominant.b).toBeGreaterThan(200);
    expect(dominant.r).toBeLessThan(60);
    expect(queryServerDb(server, 'SELECT 1 FROM announcements WHERE owner_id = ?', me.userId)).toHaveLength(
      1,
    );
    // The draft was cleared after publishing.
    await page.goto('/add-announcement');
    await page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByLabel('Titlu').inputValue()).toBe('');

    await page.goto(`/announcement/${row!.id}`);
    await page.getByText(title).first().waitFor();
    await context.close();
  });

  it('at 375 px, a selection with a PNG, a too-big file and valid JPEGs keeps the JPEGs, names the others, and Publică works', async () => {
    const { page, context } = await newPage(browser, server, { width: 375, height: 800 });
    await openForm(page, 'mixed.photos@hobbiz.test');
    const title = 'Lecții de șah pentru începători, online';
    await fill(page, {
      title,
      description:
        'Deschideri, tactică și finaluri simple, explicate pe înțelesul tuturor, cu partide comentate.',
      person: 'Radu Ene',
      phone: '0722 000 111',
    });
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0);
    big.set([0xff, 0xd8, 0xff]);
    await files(page).setInputFiles([
      await jpeg('#ff0000'),
      { name: 'captura.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      { name: 'vacanta-mare.jpg', mimeType: 'image/jpeg', buffer: big },
      await jpeg('#00ff00'),
    ]);
    await expect.poll(() => page.locator('.pub-image img').count()).toBe(2);
    await page.getByText('2 fișiere nu au fost adăugate:').waitFor();
    await refusal(page, 'captura.png', M.imagesJpeg).waitFor();
    await refusal(page, 'vacanta-mare.jpg', M.imagesSize).waitFor();
    await page.getByRole('button', { name: 'Am înțeles' }).click();
    await page.locator('#images-refused').waitFor({ state: 'detached' });

    // Eleven more: eight fit beside the two (ten in all), the last three are named.
    const eleven = await Promise.all(
      Array.from({ length: 11 }, (_, i) => jpeg(`#${(i + 1).toString(16).repeat(6)}`)),
    );
    await files(page).setInputFiles(eleven);
    await expect.poll(() => page.locator('.pub-image img').count()).toBe(10);
    await page.getByText('3 fișiere nu au fost adăugate:').waitFor();
    for (const name of ['foto-999999.jpg', 'foto-aaaaaa.jpg', 'foto-bbbbbb.jpg'])
      await refusal(page, name, M.imagesMax).waitFor();
    expect(await page.locator('#images-refused li').count()).toBe(3);
    // Removing a photo makes room: "too many" no longer applies.
    await page.getByRole('button', { name: 'Elimină imaginea 10' }).click();
    await page.locator('#images-refused').waitFor({ state: 'detached' });

    await publishButton(page).click();
    await page.getByText('Anunțul a fost publicat cu succes!').waitFor();
    const [row] = rowsTitled(title);
    expect(JSON.parse(row!.images)).toHaveLength(9);
    await context.close();
  });

  it('the draft is saved while typing and survives a reload and an offline period', async () => {
    const { page, context } = await newPage(browser, server);
    const me = await openForm(page, 'draft.publish@hobbiz.test');
    await page.getByLabel('Titlu').fill('Tort de ciocolată cu vișine');
    await page.getByLabel('Descriere').fill('Blat pufos și cremă de ciocolată belgiană');
    await page.getByText('Prăjituri, Băcănie, Gătit').click();
    await files(page).setInputFiles([await jpeg('#00aa00')]);
    const draftRow = () =>
      queryServerDb<{ title: string; category: string }>(
        server,
        'SELECT title, category FROM drafts WHERE user_id = ? AND deleted = 0',
        me.userId,
      )[0];
    // The replicated draft reached the server with everything typed.
    await until(
      () =>
        draftRow()?.title === 'Tort de ciocolată cu vișine' &&
        draftRow()?.category === 'Prăjituri, Băcănie, Gătit',
    );

    await page.reload();
    // A reload restores the form from the local database: on a loaded 2-core machine that may take more
    // than expect.poll's default second.
    const restored = { timeout: 10_000 };
    await expect
      .poll(() => page.getByLabel('Titlu').inputValue(), restored)
      .toBe('Tort de ciocolată cu vișine');
    expect(await page.getByLabel('Descriere').inputValue()).toBe('Blat pufos și cremă de ciocolată belgiană');
    expect(await page.getByRole('radio', { name: 'Prăjituri, Băcănie, Gătit' }).isChecked()).toBe(true);
    await expect.poll(() => page.locator('.pub-image img').count(), restored).toBe(1);

    await waitForServiceWorker(page);
    await server.stop();
    await page.getByLabel('Titlu').fill('Tort de ciocolată cu vișine, 2 kg');
    await page.waitForTimeout(800);
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Titlu').inputValue(), restored)
      .toBe('Tort de ciocolată cu vișine, 2 kg');
    await server.start();
    await until(() => draftRow()?.title === 'Tort de ciocolată cu vișine, 2 kg', 30_000);
    await context.close();
  });

  it('signing out clears the draft from the device: signed in there again, the form is empty; the account keeps its copy', async () => {
    const { page, context } = await newPage(browser, server);
    const me = await openForm(page, 'draft.left@hobbiz.test');
    await page.getByLabel('Titlu').fill('Cutie din lemn pictată manual');
    await page.getByLabel('Descriere').fill('Lemn de tei, culori acrilice');
    const draftRow = () =>
      queryServerDb<{ title: string; description: string }>(
        server,
        'SELECT title, description FROM drafts WHERE user_id = ? AND deleted = 0',
        me.userId,
      )[0];
    await until(() => draftRow()?.description === 'Lemn de tei, culori acrilice');

    await page.getByRole('button', { name: 'Contul tău' }).click();
    await page.locator('#account-menu').getByRole('button', { name: 'Deconectează-te' }).click();
    await page.getByText('Ai fost deconectat din cont.').waitFor();

    // The same person signs in again on this device: the draft they left is not put back in the form.
    const again = await apiAccount(server, 'draft.left@hobbiz.test');
    await openSignedIn(page, again);
    await page.getByText('Sincronizat').first().waitFor();
    await page.goto('/add-announcement');
    await page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    for (let i = 0; i < 8; i++) {
      expect(await page.getByLabel('Titlu').inputValue()).toBe('');
      await page.waitForTimeout(500);
    }
    expect(await page.getByLabel('Descriere').inputValue()).toBe('');
    // The account's copy stayed on the server until the person typed something new here…
    expect(draftRow()?.title).toBe('Cutie din lemn pictată manual');
    // …which starts a new draft: the old text is not merged into it.
    await page.getByLabel('Titlu').fill('Ramă foto din lemn');
    await until(() => draftRow()?.title === 'Ramă foto din lemn' && draftRow()?.description === '');
    await context.close();
  });

  it('offline: Publică queues it with its photos, pending in Anunțurile mele, published once when back', async () => {
    const { page, context } = await newPage(browser, server);
    const me = await openForm(page, 'offline.publish@hobbiz.test');
    await waitForServiceWorker(page);
    await page.goto('/anunturile-mele');
    await page.getByText('Nu ai încă niciun anunț publicat').waitFor();
    await page.goto('/add-announcement');
    await page.getByLabel('Titlu').waitFor();
    // What 'Publică' needs with no network, which the form fetches as it shows: on a loaded machine it may
    // still be on its way when the server stops (a dynamic import that failed is not tried again).
    await waitForSignedInPages(page, [
      '/assets/publish-queue-',
      '/assets/anunturile-mele.lazy-',
      '/assets/photo-worker-',
    ]);

    await server.stop();
    await page.getByText('Offline').first().waitFor();
    const title = 'Lecții de chitară clasică pentru începători';
    await fill(page, {
      title,
      description: 'Lecții individuale de o oră, acorduri, ritm și primele piese cântate cap-coadă.',
      person: 'Maria Ionescu',
      email: 'maria@example.ro',
    });
    await files(page).setInputFiles([await jpeg('#123456'), await jpeg('#654321')]);
    await publishButton(page).click();
    await page.getByText(/Anunțul a fost salvat pe dispozitiv/).waitFor();
    await page.waitForURL('**/anunturile-mele', { timeout: 5000 });
    const card = page.getByRole('listitem', { name: title });
    await card.getByText('În așteptare').waitFor();

    await page.reload();
    await card.getByText('În așteptare').waitFor();
    expect(await card.getByRole('img').count()).toBe(1);

    await server.start();
    await page.getByText(`Anunțul „${title}” a fost publicat.`).waitFor({ timeout: 30_000 });
    await until(() => rowsTitled(title).length === 1, 30_000);
    await card.getByRole('link', { name: title }).waitFor({ timeout: 30_000 });
    await card.getByText('În așteptare').waitFor({ state: 'detached' });
    const rows = queryServerDb<Row>(server, 'SELECT images FROM announcements WHERE owner_id = ?', me.userId);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.images)).toHaveLength(2);
    await context.close();
  });
});
