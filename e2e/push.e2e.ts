import type { Browser } from 'playwright-core';
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

describe('notifications on this device', () => {
  it('the switch subscribes this device; a push is shown grouped per conversation; a tap opens it', async () => {
    const { page, context } = await newPage(browser, server);
    await context.grantPermissions(['notifications'], { origin: server.url });
    // The browser's push service, stubbed: a subscription on an endpoint the server accepts in tests.
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
