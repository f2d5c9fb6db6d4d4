import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAM_WARNING } from '../schema/rules/scam.ts';
import {
  apiAccount,
  conversationWithSeededSeller,
  newPage,
  openSignedIn,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
  waitForServiceWorker,
} from './harness.ts';
import { composer, message } from './locators.ts';

/**
 * Issue 24, as people meet it: a report sent from the announcement (offline too: it waits on the device
 * and reaches the server when it is back, once), blocking someone from the conversation and undoing it in
 * Setări, and a conversation with a deleted account.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

const reports = () =>
  queryServerDb<{ id: string; reason: string; details: string; target_id: string }>(
    server,
    'SELECT id, reason, details, target_id FROM reports',
  );

describe('trust', () => {
  it('a report made with the server down waits on the device and arrives once when it is back', async () => {
    const { buyer, announcementId } = await conversationWithSeededSeller(
      server,
      'raport.offline@hobbiz.test',
      'Bună ziua!',
    );
    const { page } = await newPage(browser, server);
    await openSignedIn(page, buyer);
    await waitForServiceWorker(page);
    await page.goto(`/announcement/${announcementId}`);
    await page.getByRole('button', { name: 'Raportează' }).click();
    const dialog = page.getByRole('dialog', { name: 'Raportează anunțul' });
    await dialog.getByLabel('Fraudă sau înșelăciune').check();
    await dialog.getByLabel('Detalii (opțional)').fill('Cere avans prin transfer bancar.');

    await server.stop();
    await dialog.getByRole('button', { name: 'Trimite raportarea' }).click();
    await dialog.getByText('Ești offline: raportarea va fi trimisă când revii online.').waitFor();
    await dialog.getByRole('button', { name: 'Închide' }).click();

    await server.start();
    await until(() => reports().length > 0, 30_000);
    expect(reports()).toEqual([
      expect.objectContaining({
        reason: 'Fraudă sau înșelăciune',
        details: 'Cere avans prin transfer bancar.',
        target_id: announcementId,
      }),
    ]);
    // A second report of the same announcement by the same person adds nothing.
    await page.getByRole('button', { name: 'Raportează' }).click();
    await dialog.getByRole('button', { name: 'Trimite raportarea' }).click();
    await dialog.getByText('Ai raportat deja acest lucru. Îl verificăm.').waitFor();
    expect(reports()).toHaveLength(1);
  });

  it('the seller blocks the buyer from the conversation: the buyer cannot write; Setări unblocks', async () => {
    const { seller, buyer, announcementId } = await conversationWithSeededSeller(
      server,
      'blocat@hobbiz.test',
      'Bună ziua!',
    );
    const s = await newPage(browser, server);
    await openSignedIn(s.page, seller);
    await s.page.goto('/chat');
    await s.page.locator('.chat-list-item', { hasText: 'Bună ziua!' }).first().click();
    // A message that looks like a known scam: a warning under it, and 'Raportează' among its actions.
    const scam = 'Te rog să plătești în avans 200 lei pe https://fan-curier-livrare.com/plata';
    const res = await fetch(`${server.url}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ announcementId, text: scam }),
    });
    expect(res.status).toBe(201);
    const bubble = message(s.page, scam);
    await bubble.getByText(SCAM_WARNING).waitFor();
    await bubble.hover();
    await bubble.getByRole('button', { name: 'Raportează' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Raportează mesajul' });
    await dialog.getByRole('button', { name: 'Trimite raportarea' }).click();
    await dialog.getByText('Mulțumim! Am primit raportarea și o vom verifica.').waitFor();
    await dialog.getByRole('button', { name: 'Închide' }).click();
    expect(
      queryServerDb<{ n: number }>(
        server,
        "SELECT count(*) AS n FROM reports WHERE target_type = 'message'",
      )[0]!.n,
    ).toBe(1);

    await s.page.getByRole('button', { name: 'Blochează' }).click();
    await s.page.getByRole('button', { name: 'Da, blochează' }).click();
    await s.page.getByText('Ai blocat această persoană. Nu îți poate scrie și nu îi poți scrie.').waitFor();
    expect(await composer(s.page).count()).toBe(0);

    const b = await newPage(browser, server);
    await openSignedIn(b.page, buyer);
    await b.page.goto('/chat');
    await b.page.locator('.chat-list-item').first().click();
    await b.page.getByText('Nu poți trimite mesaje acestei persoane.').first().waitFor();
    expect(await composer(b.page).count()).toBe(0);
    const sent = () =>
      queryServerDb<{ n: number }>(
        server,
        'SELECT count(*) AS n FROM messages WHERE sender_id = ?',
        buyer.userId,
      )[0]!.n;
    expect(sent()).toBe(2);

    await s.page.goto('/setari-cont');
    const list = s.page.getByRole('region', { name: 'Utilizatori blocați' });
    await list.getByRole('button', { name: /^Deblochează pe / }).click();
    await list.getByText('Utilizatorul a fost deblocat.').waitFor();
    await list.getByText('Nu ai blocat pe nimeni.').waitFor();

    await b.page.reload();
    await b.page.locator('.chat-list-item').first().click();
    await composer(b.page).fill('Mulțumesc că m-ați deblocat!');
    await b.page.getByRole('button', { name: 'Trimite', exact: true }).click();
    await until(() => sent() === 3);
  });

  it('on a phone, a toast never covers the chat composer (issue 25)', async () => {
    const { seller } = await conversationWithSeededSeller(server, 'toast.telefon@hobbiz.test', 'Salut!');
    const { page } = await newPage(browser, server, { width: 375, height: 812 });
    await openSignedIn(page, seller);
    await page.goto('/chat');
    await page.locator('.chat-list-item', { hasText: 'Salut!' }).first().click();
    await composer(page).waitFor();
    // What FlashToast renders for a refusal ('Prea multe cereri…'), placed by the same stylesheet.
    await page.evaluate(() => {
      const region = document.querySelector('.toast-region');
      const p = document.createElement('p');
      p.className = 'toast toast--error';
      p.textContent = 'Prea multe cereri. Încearcă din nou peste 10 secunde.';
      region?.append(p);
    });
    const toast = await page.locator('.toast').boundingBox();
    const box = await composer(page).boundingBox();
    expect(toast && box).toBeTruthy();
    expect(toast!.y + toast!.height).toBeLessThanOrEqual(box!.y);
  });

  it('a conversation with a deleted account says so in place of the composer', async () => {
    const { seller, buyer } = await conversationWithSeededSeller(
      server,
      'sters@hobbiz.test',
      'Salut, mai e?',
    );
    const res = await fetch(`${server.url}/api/users/delete-account`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'o-parola-lunga' }),
    });
    expect(res.status).toBe(200);
    const { page } = await newPage(browser, server);
    await openSignedIn(page, seller);
    await page.goto('/chat');
    await page.locator('.chat-list-item', { hasText: 'Salut, mai e?' }).first().click();
    await page.getByText('Acest cont a fost șters').waitFor();
    expect(await composer(page).count()).toBe(0);
  });

  it('a guest reports a person from the public profile: sign in, back to the form, sent (issue 45)', async () => {
    const [person] = queryServerDb<{ id: string; name: string }>(
      server,
      `SELECT id, first_name || ' ' || last_name AS name FROM users
       WHERE email = 'ioana.popescu@hobbiz.test'`,
    );
    await apiAccount(server, 'raport.profil@hobbiz.test');
    const { page, context } = await newPage(browser, server);
    await page.goto(`/profil/${person!.id}`);
    await page.getByRole('heading', { name: person!.name, level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Blochează' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Raportează' }).click();
    const dialog = page.getByRole('dialog', { name: 'Raportează utilizatorul' });
    await dialog
      .getByText('Ca să raportezi pe cineva, intră în cont: echipa Hobbiz îți va spune ce a decis.')
      .waitFor();
    await dialog.getByRole('link', { name: 'Autentifică-te' }).click();
    await until(() => new URL(page.url()).pathname === '/login');
    await page.getByLabel('Email').fill('raport.profil@hobbiz.test');
    await page.getByLabel('Parolă').fill('o-parola-lunga');
    await page.getByRole('button', { name: 'Autentifică-te', exact: true }).click();

    // Back on the profile, the form open: the report is one tap away.
    await dialog.getByRole('button', { name: 'Trimite raportarea' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/profil/${person!.id}`);
    await dialog.getByLabel('Informații false sau înșelătoare').check();
    await dialog.getByRole('button', { name: 'Trimite raportarea' }).click();
    await dialog.getByText('Mulțumim! Am primit raportarea și o vom verifica.').waitFor();
    expect(reports().filter((r) => r.target_id === person!.id)).toHaveLength(1);
    // `do=report` left the URL: a reload does not open the form again.
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});
