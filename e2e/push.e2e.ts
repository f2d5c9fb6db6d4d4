import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { composer } from './locators.ts';

/**
 * Issue 23 in the browser: the switch in Setări subscribes this device (the browser's push service is
 * replaced by a stub: this machine has no way to reach FCM), and the service worker shows a delivered
 * push grouped by its tag and opens the conversation when the notification is tapped.
 */
let server: TestServer;
let browser: Browser;
const ENDPOINT = 'https://push.hobbiz.test/';
const previous = process.env.PUSH_ENDPOINT_ALLOW;
beforeAll(async () => {
  process.env.PUSH_ENDPOINT_ALLOW = ENDPOINT;
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(async () => {
  process.env.PUSH_ENDPOINT_ALLOW = previous;
  await stopServerAndBrowser(server, browser);
});

/** The browser's push service, stubbed: a subscription on an endpoint the server accepts in tests. */
async function stubPushService(page: Page): Promise<void> {
  await page.addInitScript((endpoint) => {
    // Kept across page loads, as the browser keeps a real one.
    const KEY = 'test-push-subscribed';
    const fake = {
      endpoint: `${endpoint}device-1`,
      expirationTime: null,
      options: {},
      getKey: () => null,
      toJSON: () => ({
        endpoint: `${endpoint}device-1`,
        expirationTime: null,
        keys: {
          p256dh: `B${'A'.repeat(86)}`,
          auth: 'AAAAAAAAAAAAAAAAAAAAAA',
        },
      }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEY);
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => {
      sessionStorage.setItem(KEY, '1');
      return fake;
    };
    PushManager.prototype.getSubscription = async () => (sessionStorage.getItem(KEY) ? fake : null);
  }, ENDPOINT);
}

describe('notifications on this device', () => {
  it("after the first message, not before: 'Vrei să afli imediat…'; 'Da, anunță-mă' subscribes; asked once", async () => {
    const { page, context } = await newPage(browser, server, undefined, { pushOffer: true });
    await context.grantPermissions(['notifications'], { origin: server.url });
    await stubPushService(page);
    const { buyer } = await conversationWithSeededSeller(server, 'push.offer@hobbiz.test', 'Bună ziua!');
    await openSignedIn(page, buyer);
    await waitForServiceWorker(page);
    // Nothing is offered on arrival.
    await page.waitForTimeout(500);
    expect(await page.getByText('Vrei să afli imediat când îți răspunde cineva?').count()).toBe(0);
    await page.goto('/chat');
    await page.locator('.chat-list-item').first().click();
    await composer(page).fill('Mai este disponibil?');
    await page.getByRole('button', { name: 'Trimite', exact: true }).click();
    const offer = page.getByRole('region', { name: 'Notificări' });
    await offer.getByText('Vrei să afli imediat când îți răspunde cineva?').waitFor();
    await offer.getByRole('button', { name: 'Da, anunță-mă' }).click();
    await page.getByText('Notificările sunt pornite pe acest dispozitiv.').waitFor();
    await until(
      () =>
        queryServerDb<{ n: number }>(
          server,
          'SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?',
          buyer.userId,
        )[0]!.n === 1,
    );
    // Asked once: the next message offers nothing.
    await composer(page).fill('Aștept răspunsul dumneavoastră.');
    await page.getByRole('button', { name: 'Trimite', exact: true }).click();
    await page.waitForTimeout(500);
    expect(await offer.count()).toBe(0);
    await context.close();
  });

  it('the switch subscribes this device; a push is shown grouped per conversation; a tap opens it', async () => {
    const { page, context } = await newPage(browser, server);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await stubPushService(page);
    const me = await apiAccount(server, 'push.device@hobbiz.test');
    await openSignedIn(page, me);
    await waitForServiceWorker(page);
    await page.goto('/setari-cont');
    const toggle = page.getByRole('checkbox', { name: /Notificări pe acest dispozitiv/ });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await page.getByText('Notificările sunt pornite pe acest dispozitiv.').waitFor();
    expect(await toggle.isChecked()).toBe(true);
    const rows = () =>
      queryServerDb<{ endpoint: string }>(
        server,
        'SELECT endpoint FROM push_subscriptions WHERE user_id = ?',
        me.userId,
      );
    await until(() => rows().length === 1);
    expect(rows()[0]!.endpoint).toBe(`${ENDPOINT}device-1`);

    // Two pushes of one conversation, as the server sends them: one notification, the newest text.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await until(() => registrations.some((r) => r.scopeURL.startsWith(server.url)));
    const { registrationId } = registrations.find((r) => r.scopeURL.startsWith(server.url))!;
    for (const title of ['Maria', 'Maria: 2 mesaje noi']) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId,
        data: JSON.stringify({
          title,
          body: 'Lecții de chitară\nMai este disponibil?',
          tag: 'chat-abc',
          url: '/chat/abc',
        }),
      });
    }
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          tag: n.tag,
        })),
      );
    await until(async () => (await shown()).some((n) => n.title === 'Maria: 2 mesaje noi'));
    expect(await shown()).toEqual([{ title: 'Maria: 2 mesaje noi', tag: 'chat-abc' }]);

    // A tap: the open window goes to the conversation.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(
      (url) =>
        (
          self as unknown as { hobbizOpenFromNotification(u: string): Promise<void> }
        ).hobbizOpenFromNotification(url),
      '/chat/abc',
    );
    await page.waitForURL('**/chat/abc');

    // Off again: the server forgets this device.
    await page.goto('/setari-cont');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await page.getByText('Notificările sunt oprite pe acest dispozitiv.').waitFor();
    await until(() => rows().length === 0);
    await context.close();
  });
});
