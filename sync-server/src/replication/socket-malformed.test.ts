import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES, SYNC_LIMITS, SYNC_PROTOCOL_VERSION } from '../../../schema/sync.ts';
import { buildTestApp, registerAndLogin } from '../test-helper.ts';
import { client, connectedClient } from './test-client.ts';

/**
 * What a malformed message gets, now that the socket parses with schema/sync-messages.ts: the answers
 * the hand-written checks gave (codes, Romanian messages, close codes), in the same order of checks.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp({ socketAuthTimeoutMs: 2000 });
});
afterEach(async () => {
  await app.cleanup();
});

const INVALID = { type: 'error', code: 'bad-request', message: 'Date de sincronizare invalide.' };

describe('malformed sync messages', () => {
  it('closes on what is no message, on a non-hello first message and on an unknown type', async () => {
    const ws = await app.injectWS('/api/sync');
    const c = client(ws);
    ws.send('not json');
    expect(await c.closed).toBe(CLOSE_CODES.protocolError);

    const c2 = client(await app.injectWS('/api/sync'));
    c2.send({ type: 'pull', id: '1', collection: 'favorites', checkpoint: null, batchSize: 5 });
    expect(await c2.closed).toBe(CLOSE_CODES.unauthorized);

    const c3 = await connectedClient(app, null);
    c3.send({ type: 'toString', id: '1' });
    expect(await c3.closed).toBe(CLOSE_CODES.protocolError);

    const c4 = await connectedClient(app, null);
    c4.send({ type: 'hello', token: null, protocol: SYNC_PROTOCOL_VERSION, collections: {} });
    expect(await c4.closed).toBe(CLOSE_CODES.protocolError);
  });

  it('a hello with a token that is no string is refused; with a wrong protocol it is outdated', async () => {
    const c = client(await app.injectWS('/api/sync'));
    c.send({ type: 'hello', token: 42, protocol: SYNC_PROTOCOL_VERSION, collections: {} });
    expect(await c.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect(await c.closed).toBe(CLOSE_CODES.unauthorized);

    const c2 = client(await app.injectWS('/api/sync'));
    c2.send({ type: 'hello', token: 42, protocol: 'two', collections: {} });
    expect(await c2.next()).toMatchObject({ type: 'error', code: 'outdated' });
    expect(await c2.closed).toBe(CLOSE_CODES.outdated);
  });

  it('answers a malformed request as a bad request, after the collection and sign-in checks', async () => {
    const me = await registerAndLogin(app);
    const c = await connectedClient(app, me.token);
    c.send({ type: 'push', id: 'p1', collection: 'favorites', rows: 'all' });
    expect(await c.next()).toEqual({ ...INVALID, id: 'p1' });
    c.send({
      type: 'push',
      id: 'p2',
      collection: 'favorites',
      rows: [{ newDocumentState: { createdAt: 'x' } }],
    });
    expect(await c.next()).toEqual({ ...INVALID, id: 'p2' });
    const tooMany = Array.from({ length: SYNC_LIMITS.maxPushRows + 1 }, (_, i) => ({
      newDocumentState: { id: `f${i}`, _deleted: false },
    }));
    c.send({ type: 'push', id: 'p4', collection: 'favorites', rows: tooMany });
    expect(await c.next()).toEqual({ ...INVALID, id: 'p4' });
    c.send({ type: 'hold', id: 'h1', keys: { announcements: [['a', -1]] } });
    expect(await c.next()).toEqual({ ...INVALID, id: 'h1' });
    c.send({ type: 'pull', id: 'q1', collection: 'favorites', checkpoint: 'yesterday', batchSize: 5 });
    expect(await c.next()).toEqual({ ...INVALID, id: 'q1' });
    // The collection is checked first, as before: unknown, or read-only.
    c.send({ type: 'pull', id: 'q2', collection: 'secrets', checkpoint: 'yesterday' });
    expect(await c.next()).toEqual({
      type: 'error',
      id: 'q2',
      code: 'unknown-collection',
      message: 'secrets',
    });
    c.send({ type: 'push', id: 'p3', collection: 'profiles', rows: 'all' });
    expect(await c.next()).toMatchObject({
      id: 'p3',
      code: 'forbidden',
      message: 'Colecție doar pentru citire.',
    });

    const guest = await connectedClient(app, null);
    guest.send({ type: 'push', id: 'g1', collection: 'favorites', rows: 'all' });
    expect(await guest.next()).toMatchObject({
      id: 'g1',
      code: 'forbidden',
      message: 'Trebuie să fii autentificat.',
    });
  });

  it('drops the malformed messages that are never answered, and the socket keeps serving', async () => {
    const me = await registerAndLogin(app);
    const c = await connectedClient(app, me.token);
    c.send({ type: 'viewing', conversationId: 5 });
    c.send({ type: 'typing', conversationId: null, isTyping: true });
    c.send({ type: 'release', keys: 'everything' });
    const batch = await c.pull(null, 5, 'favorites');
    expect(batch.documents).toEqual([]);
  });

  it('names of Object.prototype members are unknown collections (issue 21, item 11), not errors', async () => {
    const me = await registerAndLogin(app);
    const c = await connectedClient(app, me.token);
    for (const [i, name] of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'].entries()) {
      c.send({ type: 'pull', id: `q${i}`, collection: name, checkpoint: null, batchSize: 5 });
      expect(await c.next()).toEqual({
        type: 'error',
        id: `q${i}`,
        code: 'unknown-collection',
        message: name,
      });
      c.send({ type: 'push', id: `p${i}`, collection: name, rows: [] });
      expect(await c.next()).toMatchObject({ id: `p${i}`, code: 'forbidden' });
    }
    expect((await c.pull(null, 5, 'favorites')).documents).toEqual([]);
  });
});
