import type { Browser, Page } from 'playwright-core';
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
  waitForServiceWorker,
} from './harness.ts';

let server: TestServer;
let browser: Browser;
let ioana: string;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  ioana = idOf('ioana.popescu@hobbiz.test');
});
afterAll(() => stopServerAndBrowser(server, browser));

function idOf(email: string): string {
  return queryServerDb<{ id: string }>(server, 'SELECT id FROM users WHERE email = ?', email)[0]!.id;
}

async function seeded(email: string) {
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Parola-Demo-2026' }),
  });
  return (await res.json()) as { token: string; userId: string };
}

const reviewCard = (page: Page, author: string) =>
  page.getByRole('article', { name: `Recenzie de la ${author}` });

describe('profiles and reviews', () => {
  it('own profile: CONT PRIVAT, empty announcements text, edit → rule message → cancel → save; avatar upload', async () => {
    const me = await apiAccount(server, 'profil.edit@hobbiz.test');
    const { page, context } = await newPage(browser, server, { width: 375, height: 800 });
    await openSignedIn(page, me);
    await page.goto('/profil');
    await page.getByText('CONT PRIVAT').waitFor();
    await page.getByText('Nu ai încă anunțuri.').waitFor();
    await page.getByText('profil.edit@hobbiz.test').waitFor();

    // Cancel restores what was there.
    await page.getByRole('button', { name: 'Editează' }).click();
    await page.getByLabel('Prenume').fill('Altceva');
    await page.getByRole('button', { name: 'Anulează' }).click();
    await page.getByRole('heading', { name: 'Test Exemplu' }).waitFor();

    await page.getByRole('button', { name: 'Editează' }).click();
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    await page.getByLabel('Prenume').fill('');
    await page.getByLabel('Număr de telefon').fill('12345');
    await page.getByRole('button', { name: 'Salvează' }).click();
    await page.getByText('Introdu prenumele.').waitFor();
    await page.getByText('Numărul de telefon trebuie să înceapă cu 0 și să aibă 10 cifre').waitFor();
    expect(await page.getByLabel('Număr de telefon').inputValue()).toBe('12345');

    await page.getByLabel('Prenume').fill('Ana');
    await page.getByLabel('Nume', { exact: true }).fill('Mureșan');
    await page.getByLabel('Localitate').fill('Cluj-Napoca');
    await page.getByLabel('Număr de telefon').fill('0712345678');
    await page.getByRole('button', { name: 'Salvează' }).click();
    await page.getByText('Profilul a fost salvat.').waitFor();
    await page.getByRole('heading', { name: 'Ana Mureșan' }).waitFor();
    const [row] = queryServerDb<{ first_name: string; last_name: string; localitate: string; phone: string }>(
      server,
      'SELECT first_name, last_name, localitate, phone FROM users WHERE id = ?',
      me.userId,
    );
    expect(row).toEqual({
      first_name: 'Ana',
      last_name: 'Mureșan',
      localitate: 'Cluj-Napoca',
      phone: '0712345678',
    });
    // The success line goes away after 3 s.
    await page.getByText('Profilul a fost salvat.').waitFor({ state: 'detached', timeout: 5000 });

    // Avatar: camera or gallery (no `capture`); a GIF is refused with the reason, then a JPEG is taken
    // and the profile points at the stored file.
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const input = page.locator('input[type="file"]');
    expect(await input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(await input.getAttribute('capture')).toBeNull();
    await input.setInputFiles({ name: 'eu.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Alege o fotografie JPEG, PNG sau WebP.').waitFor();
    await input.setInputFiles({ name: 'eu.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await until(() => {
      const [u] = queryServerDb<{ avatar: string | null }>(
        server,
        'SELECT avatar FROM users WHERE id = ?',
        me.userId,
      );
      return !!u?.avatar;
    });
    const [{ avatar }] = queryServerDb<{ avatar: string }>(
      server,
      'SELECT avatar FROM users WHERE id = ?',
      me.userId,
    ) as [{ avatar: string }];
    await page.locator(`.profile-head img[src="${avatar}"]`).waitFor();

    // A PNG is refused with the spec's message, before any upload.
    await input.setInputFiles({
      name: 'x.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e47', 'hex'),
    });
    await page.getByText('Eroare la încărcarea imaginii').waitFor();

    // Offline, saving says why and keeps what was typed; back online the same click saves it.
    await server.stop();
    try {
      await page.getByRole('button', { name: 'Editează' }).click();
      await page.getByLabel('Prenume').fill('Ioana');
      await page.getByRole('button', { name: 'Salvează' }).click();
      await page
        .getByText('Nu ești conectat la internet. Încearcă din nou când revine conexiunea.')
        .waitFor();
      expect(await page.getByLabel('Prenume').inputValue()).toBe('Ioana');
    } finally {
      await server.start();
    }
    await page.getByRole('button', { name: 'Salvează' }).click();
    await page.getByText('Profilul a fost salvat.').waitFor();
    await page.getByRole('heading', { name: 'Ioana Mureșan' }).waitFor();
    await context.close();
  });

  it('public profile of a seeded user, as a guest: stars, bars, reviews, no owner controls; offline too', async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto(`/profil/${ioana}`);
    await page.getByText('PROFIL PUBLIC').waitFor();
    await page.getByRole('heading', { name: 'Ioana Popescu', level: 1 }).waitFor();
    await page.getByText(/^Membru din \d{2} \w+ \d{4}$/).waitFor();
    await page.getByRole('heading', { name: 'Evaluări' }).waitFor();
    await page.getByText('2 recenzii').waitFor();
    await page.getByRole('listitem', { name: '5 stele: 2' }).waitFor();
    await page.getByRole('listitem', { name: '1 stele: 0' }).waitFor();
    await page.getByRole('img', { name: '5,0 din 5 stele' }).first().waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Opțiuni recenzie' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Toate comentariile' }).click();
    await page.waitForURL(`**/profil/${ioana}/toate-recenziile`);
    await reviewCard(page, 'Maria Constantinescu').waitFor();
    await reviewCard(page, 'Alexandra Neagu').waitFor();
    expect(await page.getByRole('button', { name: 'Opțiuni recenzie' }).count()).toBe(0);

    // A guest's like asks for sign-in.
    await reviewCard(page, 'Maria Constantinescu')
      .getByRole('button', { name: /Apreciază recenzia/ })
      .click();
    await page.getByText('Trebuie să fii autentificat pentru a da like').waitFor();

    // Offline: the same pages come from the service worker and the local database.
    await waitForServiceWorker(page);
    await server.stop();
    try {
      await page.goto(`/profil/${ioana}`);
      await page.getByRole('heading', { name: 'Ioana Popescu', level: 1 }).waitFor();
      await page.getByText('2 recenzii').waitFor();
    } finally {
      await server.start();
    }
    await page.goto('/profil/000000000000000000000000');
    await page.getByRole('heading', { name: 'Profil indisponibil' }).waitFor();
    await context.close();
  });

  it('like a review: optimistic, then the server count; the success banner after a review', async () => {
    const me = await apiAccount(server, 'profil.like@hobbiz.test');
    const { page, context } = await newPage(browser, server, { width: 900, height: 900 });
    await openSignedIn(page, me);
    await page.goto(`/profil/${ioana}/toate-recenziile`);
    const like = reviewCard(page, 'Maria Constantinescu').getByRole('button', { name: /Apreciază recenzia/ });
    await like.waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await reviewCard(page, 'Maria Constantinescu')
      .getByRole('button', { name: 'Apreciază recenzia, 1 apreciere' })
      .waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    const mariaReview = () =>
      queryServerDb<{ id: string; likes: string }>(
        server,
        'SELECT id, likes FROM reviews WHERE author_id = ? AND user_id = ?',
        idOf('maria.constantinescu@hobbiz.test'),
        ioana,
      )[0]!;
    // The like is shown at once; the server's write follows.
    await until(() => mariaReview().likes.includes(me.userId));
    // Unlike.
    await like.click();
    await reviewCard(page, 'Maria Constantinescu')
      .getByRole('button', { name: 'Apreciază recenzia, 0 aprecieri' })
      .waitFor();
    await until(() => !mariaReview().likes.includes(me.userId));

    // The rating dialog of an announcement sends the writer here with ?recenzie=1.
    await page.goto(`/profil/${ioana}?recenzie=1`);
    const banner = page.getByText('Recenzia a fost publicată. Mulțumim pentru feedback!');
    await banner.waitFor();
    await banner.waitFor({ state: 'detached', timeout: 8000 });
    expect(page.url()).not.toContain('recenzie');
    await context.close();
  });

  it('the author edits, then deletes, their own review; others never get the menu', async () => {
    const maria = await seeded('maria.constantinescu@hobbiz.test');
    const { page, context } = await newPage(browser, server);
    await openSignedIn(page, maria);
    await page.goto(`/profil/${ioana}/toate-recenziile`);
    const mine = reviewCard(page, 'Maria Constantinescu');
    await mine.waitFor();
    expect(
      await reviewCard(page, 'Alexandra Neagu').getByRole('button', { name: 'Opțiuni recenzie' }).count(),
    ).toBe(0);
    await mine.getByRole('button', { name: 'Opțiuni recenzie' }).click();
    await mine.getByRole('button', { name: 'Editează' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editează recenzia' });
    await dialog.getByLabel('Nota').selectOption('4.5');
    // Replication catching up under the open dialog must not reset it.
    await page.getByText('Sincronizat').first().waitFor();
    expect(await dialog.getByLabel('Nota').inputValue()).toBe('4.5');
    await dialog.getByLabel('Comentariu').fill('Poze superbe, livrate puțin după termen.');
    await dialog.getByRole('button', { name: 'Salvează' }).click();
    await dialog.waitFor({ state: 'detached' });
    await mine.getByText('Poze superbe, livrate puțin după termen.').waitFor();
    await mine.getByRole('img', { name: '4,5 din 5 stele' }).waitFor();
    const row = () =>
      queryServerDb<{ score: number; comment: string; deleted: number }>(
        server,
        'SELECT score, comment, deleted FROM reviews WHERE author_id = ? AND user_id = ?',
        maria.userId,
        ioana,
      )[0]!;
    expect(row()).toMatchObject({ score: 4.5, comment: 'Poze superbe, livrate puțin după termen.' });

    await mine.getByRole('button', { name: 'Opțiuni recenzie' }).click();
    await mine.getByRole('button', { name: 'Șterge' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ștergi recenzia?' });
    await confirm.getByRole('button', { name: 'Șterge' }).click();
    // The dialog closes once the server has answered; only then is the card gone for good (while the
    // modal is open, the page behind it is inert and role queries may not see the card at all).
    await confirm.waitFor({ state: 'detached' });
    await mine.waitFor({ state: 'detached' });
    expect(row().deleted).toBe(1);
    // The profile counts one review now, and no longer offers 'Toate comentariile'.
    await page.getByRole('link', { name: 'Înapoi la profil' }).click();
    await page.getByText('1 recenzie', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Toate comentariile' }).count()).toBe(0);
    await context.close();
  });
});
