import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAccount,
  conversationWithSeededSeller,
  newPage,
  openSignedIn,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
} from './harness.ts';

/**
 * Issue 24, the moderation path: a buyer reports an announcement; a moderator (made with `npm run
 * moderator -- add`, while the server runs) hides it from /moderare with a reason; the public gets 404; the
 * owner is notified and sees the reason in 'Anunțurile mele', where 'Cere o nouă verificare' replaces
 * 'Activează'. Someone who is not a moderator reads the refusal on /moderare and has no 'Moderare' in the
 * account menu; a moderator has, on a desktop and in /cont (issue 45).
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

describe('moderation', () => {
  it('report → the moderator hides it → the public gets 404 → the owner reads why and asks again', async () => {
    const { seller, buyer, announcementId } = await conversationWithSeededSeller(
      server,
      'raportor.moderare@hobbiz.test',
      'Bună ziua!',
    );
    const reported = await fetch(`${server.url}/api/reports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ announcementId, reason: 'Fraudă sau înșelăciune', details: 'Cere avans.' }),
    });
    expect(reported.status).toBe(201);

    // Not a moderator yet: the page says so.
    const mod = await apiAccount(server, 'moderator.e2e@hobbiz.test');
    const m = await newPage(browser, server);
    await openSignedIn(m.page, mod);
    await m.page.goto('/moderare');
    await m.page.getByText('Doar moderatorii au acces la această pagină.').waitFor();
    // Nor does the account menu offer the console (issue 45, item 4).
    await m.page.getByRole('button', { name: 'Contul tău' }).click();
    const menu = m.page.locator('#account-menu');
    await menu.getByRole('link', { name: 'Setări' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Moderare' }).count()).toBe(0);

    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/moderator.ts', 'add', 'moderator.e2e@hobbiz.test'],
      {
        env: { ...process.env, DATA_DIR: server.dataDir },
        stdio: 'ignore',
      },
    );
    // A moderator finds the console in the account menu (issue 45, item 4).
    await m.page.goto('/');
    await m.page.getByRole('button', { name: 'Contul tău' }).click();
    await menu.getByRole('link', { name: 'Moderare' }).click();
    await m.page.waitForURL('**/moderare');
    await m.page.getByRole('heading', { name: 'Moderare', level: 1 }).waitFor();
    const card = m.page.getByRole('listitem', { name: 'Anunț: 1 raportare' });
    await card.getByText('Fraudă sau înșelăciune × 1').waitFor();
    await card.getByRole('button', { name: 'Ascunde anunțul' }).click();
    await card.getByText(/Scrie motivul/).waitFor();
    await card.getByLabel('Motivul deciziei').fill('Cere plata în avans, în afara platformei.');
    await card.getByRole('button', { name: 'Ascunde anunțul' }).click();
    await m.page.getByText('Anunțul a fost ascuns.').waitFor();
    await m.page.getByText('Nu sunt raportări de verificat.').waitFor();
    await m.page
      .getByRole('region', { name: 'Jurnal de moderare' })
      .getByText(/Anunț ascuns .*Cere plata în avans, în afara platformei\./)
      .waitFor();

    const pub = await fetch(`${server.url}/api/announcements/${announcementId}`);
    expect(pub.status).toBe(404);

    const o = await newPage(browser, server);
    await openSignedIn(o.page, seller);
    await o.page.goto('/notificari');
    await o.page
      .getByText(/a fost ascuns de moderare\. Motiv: Cere plata în avans/)
      .first()
      .waitFor();
    await o.page.goto('/anunturile-mele');
    await o.page.getByText('Ascuns de moderare. Motiv: Cere plata în avans, în afara platformei.').waitFor();
    await o.page.getByRole('button', { name: 'Cere o nouă verificare' }).click();
    await o.page.getByText('Am primit cererea. Un moderator va verifica din nou anunțul.').waitFor();
    // The announcement's own page says the same to its owner, not 'dezactivat' (issue 45, item 5).
    await o.page.goto(`/announcement/${announcementId}`);
    await o.page.getByText('Ascuns de moderare. Motiv: Cere plata în avans, în afara platformei.').waitFor();
    await o.page.locator('.notice').getByRole('link', { name: 'Anunțurile mele' }).waitFor();
    expect(await o.page.getByText('Anunțul este dezactivat: doar tu îl vezi.').count()).toBe(0);

    // On a phone, /cont lists 'Moderare' for the moderator (issue 45, item 4).
    const phone = await newPage(browser, server, { width: 375, height: 812 });
    await openSignedIn(phone.page, mod);
    await phone.page.goto('/cont');
    const entry = phone.page.getByRole('link', { name: 'Moderare' });
    await entry.waitFor();
    expect(await entry.getAttribute('href')).toBe('/moderare');
    await phone.context.close();

    await m.page.reload();
    await m.page.getByText('Cerere de reverificare (de la autor) × 1').waitFor();
  });
});
