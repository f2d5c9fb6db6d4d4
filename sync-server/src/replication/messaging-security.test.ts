import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { client } from './test-client.ts';

/** What a client may not make up in a message pushed over the sync socket. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let seller: Who;
let buyer: Who;
let stranger: Who;
let ann: string;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  buyer = await registerAndLogin(app);
  stranger = await registerAndLogin(app);
  ann = insertAnnouncement(app, seller.userId);
});
afterEach(async () => {
  await app.cleanup();
});

async function connect(token: string) {
  const c = client(await app.injectWS('/api/sync'));
  c.hello(token);
  const ready = await c.answer();
  if (ready.type !== 'ready') throw new Error(JSON.stringify(ready));
  return c;
}

const message = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  conversationId: '',
  announcementId: ann,
  senderId: '',
  recipientId: '',
  text: 'Bună ziua! Mai este disponibil tortul?',
  image: '',
  replyTo: null,
  reactions: [],
  isRead: false,
  createdAt: new Date().toISOString(),
  _deleted: false,
  ...over,
});
const stored = (id: string) =>
  app.db.$client.prepare('SELECT text, image, reply_to FROM messages WHERE id = ?').get(id) as
    | { text: string; image: string; reply_to: string | null }
    | undefined;

describe('reply quotes pushed over sync', () => {
  it('the quote is built from the quoted message of the same conversation; a made-up one is dropped', async () => {
    const b = await connect(buyer.token);
    const first = message();
    expect(await b.push('messages', [{ newDocumentState: first }])).toEqual([]);
    // Quoting a real message of this conversation, with words put in the seller's mouth.
    const real = message({
      text: 'Și încă o întrebare.',
      replyTo: { messageId: first.id, senderId: seller.userId, text: 'Ți-l dau gratis.', image: '' },
    });
    await b.push('messages', [{ newDocumentState: real }]);
    expect(JSON.parse(stored(real.id)!.reply_to!)).toEqual({
      messageId: first.id,
      senderId: buyer.userId,
      text: first.text,
      image: '',
    });
    // Quoting nothing that exists, and a message of somebody else's conversation.
    const x = await connect(stranger.token);
    const theirs = message({ text: 'Mesajul altcuiva.' });
    await x.push('messages', [{ newDocumentState: theirs }]);
    for (const messageId of ['', newId(), theirs.id]) {
      const fake = message({
        text: 'Citez ceva.',
        replyTo: { messageId, senderId: seller.userId, text: 'Ți-l dau gratis.', image: '/uploads/x.jpg' },
      });
      await b.push('messages', [{ newDocumentState: fake }]);
      expect(stored(fake.id)).toMatchObject({ text: 'Citez ceva.', reply_to: null });
    }
    // The seller's device receives the server's quote, not the pushed one.
    const s = await connect(seller.token);
    const docs = (await s.pull(null, 20, 'messages')).documents;
    expect(JSON.stringify(docs)).not.toContain('gratis');
  });
});
