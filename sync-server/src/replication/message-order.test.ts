import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { connectedClient } from './test-client.ts';

/**
 * Messages written offline go out together, in one push batch, and the server stamps their time. The
 * chat shows a conversation sorted by that time (ties broken by id, which is random after its first
 * 8 hex digits), so messages of one batch must get times that keep the order they were written in.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let seller: { token: string; userId: string };
let buyer: { token: string; userId: string };
let ann: string;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  buyer = await registerAndLogin(app);
  ann = await insertAnnouncement(app, seller.userId);
});
afterEach(async () => {
  await app.cleanup();
});

const connect = (token: string) => connectedClient(app, token);

const message = (id: string, text: string) => ({
  id,
  conversationId: '',
  announcementId: ann,
  senderId: '',
  recipientId: '',
  text,
  image: '',
  replyTo: null,
  reactions: [],
  isRead: false,
  createdAt: '2000-01-01T00:00:00.000Z',
  _deleted: false,
});

describe('messages pushed in one batch', () => {
  it('keep the order they were written in, for the sender and the recipient', async () => {
    const b = await connect(buyer.token);
    // Same second, ids in the reverse of the writing order: only the time can keep the order.
    const second = Math.floor(Date.now() / 1000)
      .toString(16)
      .padStart(8, '0');
    const texts = Array.from({ length: 100 }, (_, i) => `Mesajul ${i + 1}`);
    const rows = texts.map((t, i) => ({
      newDocumentState: message(`${second}${(0xffff - i).toString(16).padStart(16, '0')}`, t),
    }));
    expect(await b.push('messages', rows)).toEqual([]);

    for (const who of [seller, buyer]) {
      const c = await connect(who.token);
      const { documents } = await c.pull(null, 100, 'messages');
      // RxDB's order for the chat's query: createdAt, then the primary key.
      const shown = [...documents]
        .sort((x, y) =>
          x.createdAt === y.createdAt
            ? x.id.localeCompare(y.id)
            : String(x.createdAt).localeCompare(String(y.createdAt)),
        )
        .map((d) => d.text);
      expect(shown).toEqual(texts);
    }
  });
});
