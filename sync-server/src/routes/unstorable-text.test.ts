import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.ts';
import { connectedClient } from '../replication/test-client.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { bearer, multipart, validForm } from './my-announcements/test-fixtures.ts';

/**
 * An id carrying U+0000 (hostile input the property suites found): PostgreSQL cannot even compare such
 * text (SQLSTATE 22021) where SQLite finds no row. Either way the caller gets a Romanian 4xx, not a 500.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let token: string;
beforeAll(async () => {
  app = await buildTestApp();
  ({ token } = await registerAndLogin(app));
});
afterAll(async () => {
  await app.cleanup();
});

describe('ids with U+0000 in the path', () => {
  const nul = encodeURIComponent('\u202e\u0000drop');
  it.each([
    ['DELETE', `/api/notifications/${nul}`],
    ['PUT', `/api/messages/conversation/${nul}/mark-read`],
    ['POST', `/api/reviews/${nul}/like`],
    ['DELETE', `/api/reviews/${nul}`],
    ['DELETE', `/api/messages/${nul}`],
  ] as const)('%s %s answers a Romanian 4xx', async (method, url) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(typeof res.json().error).toBe('string');
  });
});

describe('U+0000 inside text a client sends', () => {
  it('is dropped from a pushed chat message: stored once, nothing refused, nothing retried', async () => {
    const seller = await registerAndLogin(app);
    const buyer = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, seller.userId);
    const b = await connectedClient(app, buyer.token);
    const id = newId();
    const conflicts = await b.push('messages', [
      {
        newDocumentState: {
          id,
          conversationId: '',
          announcementId: ann,
          senderId: '',
          recipientId: '',
          text: 'Bună\u0000 ziua, mai este\u0000 disponibil?',
          image: '',
          replyTo: null,
          reactions: [],
          isRead: false,
          createdAt: '',
          _deleted: false,
        },
      },
    ]);
    expect(conflicts).toEqual([]);
    const s = await connectedClient(app, seller.token);
    const [got] = (await s.pull(null, 10, 'messages')).documents;
    expect(got).toMatchObject({ id, text: 'Bună ziua, mai este disponibil?' });
  });

  it('is dropped from a REST JSON body: the text is stored without it', async () => {
    const seller = await registerAndLogin(app);
    const buyer = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, seller.userId);
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ announcementId: ann, text: 'Salut\u0000!' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ text: 'Salut!' });
  });

  it('is dropped from a multipart publish: the announcement is stored without it', async () => {
    const seller = await registerAndLogin(app);
    const title = `${validForm.title as string}\u0000`;
    const { payload, headers } = await multipart({ ...validForm, title });
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/my-announcements',
      payload,
      headers: { ...headers, ...bearer(seller.token) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: validForm.title });
  });

  it('is dropped from a multipart chat message: the text is stored without it', async () => {
    const seller = await registerAndLogin(app);
    const buyer = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, seller.userId);
    const { payload, headers } = await multipart({ announcementId: ann, text: 'Salut\u0000!' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages',
      payload,
      headers: { ...headers, ...bearer(buyer.token) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ text: 'Salut!' });
  });
});
