import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import WebSocket from 'ws';
import { COLLECTION_VERSIONS, SYNC_PROTOCOL_VERSION } from '../schema/sync.ts';
import { SEED_PASSWORD } from '../scripts/seed-data.ts';
import {
  apiAccount,
  newPage,
  openSignedIn,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  waitForServiceWorker,
} from './harness.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

/** Another person's device, speaking the sync protocol directly. */
async function device(token: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/sync`);
  await new Promise((r) => ws.once('open', r));
  ws.send(
    JSON.stringify({
      type: 'hello',
      token,
      protocol: SYNC_PROTOCOL_VERSION,
      collections: COLLECTION_VERSIONS,
    }),
  );
  await new Promise((r) => ws.once('message', r));
  return {
    push(collection: string, doc: Record<string, unknown>) {
      ws.send(JSON.stringify({ type: 'push', id: '1', collection, rows: [{ newDocumentState: doc }] }));
      return new Promise((r) => ws.once('message', r));
    },
    close: () => ws.close(),
  };
}

describe('messages reach the other side live, and stay offline', () => {
  it('a buyer’s message lights the seller’s badges at once; they survive a reload with the server down', async () => {
    const [ann] = queryServerDb<{ id: string; email: string }>(
      server,
      'SELECT a.id, u.email FROM announcements a JOIN users u ON u.id = a.owner_id LIMIT 1',
    );
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ann!.email, password: SEED_PASSWORD }),
    });
    const seller = (await login.json()) as { token: string; userId: string };
    const buyer = await apiAccount(server, 'cumparator@hobbiz.test');

    const { page, context } = await newPage(browser, server);
    await openSignedIn(page, seller);
    await page.getByText('Sincronizat').waitFor();
    await page.getByRole('link', { name: 'Mesaje', exact: true }).first().waitFor();

    const phone = await device(buyer.token);
    await phone.push('messages', {
      id: `${Math.floor(Date.now() / 1000).toString(16)}0123456789abcdef`,
      conversationId: '',
      announcementId: ann!.id,
      senderId: '',
      recipientId: '',
      text: 'Bună ziua! Mai este disponibil?',
      image: '',
      replyTo: null,
      reactions: [],
      isRead: false,
      createdAt: '',
      _deleted: false,
    });
    phone.close();
    await page.getByRole('link', { name: 'Mesaje (1)' }).first().waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Notificări (1)' }).first().waitFor();

    await waitForServiceWorker(page);
    await server.stop();
    await page.reload();
    await page.getByRole('link', { name: 'Mesaje (1)' }).first().waitFor();
    await page.getByRole('link', { name: 'Notificări (1)' }).first().waitFor();
    await server.start();
    await context.close();
  });
});
