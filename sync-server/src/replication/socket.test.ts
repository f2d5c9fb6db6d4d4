import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CLOSE_CODES, SYNC_PROTOCOL_VERSION } from '../../../schema/sync.ts';
import { nextSeq } from '../plugins/db.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { client } from './test-client.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp({ socketAuthTimeoutMs: 300 });
});
afterEach(async () => {
  await app.cleanup();
});

describe('sync socket', () => {
  it('drops a socket that stops answering pings (a half-open link), keeps one that answers', async () => {
    const quick = await buildTestApp({ socketHeartbeatMs: 150 });
    try {
      const address = await quick.listen({ port: 0, host: '127.0.0.1' });
      const url = `${address.replace('http', 'ws')}/api/sync`;
      const open = (autoPong: boolean) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url, { autoPong });
          ws.once('open', () => {
            ws.send(
              JSON.stringify({
                type: 'hello',
                token: null,
                protocol: SYNC_PROTOCOL_VERSION,
                collections: {},
              }),
            );
            resolve(ws);
          });
          ws.once('error', reject);
        });
      const alive = await open(true);
      const silent = await open(false);
      const closedSilent = new Promise<number>((r) => silent.once('close', (code) => r(code)));
      // Two heartbeats: the first ping goes unanswered, the second finds it so and drops the socket.
      expect(await closedSilent).toBe(1006);
      await new Promise((r) => setTimeout(r, 400));
      expect(alive.readyState).toBe(WebSocket.OPEN);
      alive.close();
    } finally {
      await quick.cleanup();
    }
  });

  it('closes a socket that never authenticates and answers nothing before hello', async () => {
    const ws = await app.injectWS('/api/sync');
    const c = client(ws);
    expect(await c.closed).toBe(CLOSE_CODES.authTimeout);
  });

  it('refuses a bad token and an outdated client', async () => {
    const c1 = client(await app.injectWS('/api/sync'));
    c1.hello('not-a-token');
    expect(await c1.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect(await c1.closed).toBe(CLOSE_CODES.unauthorized);

    const ws2 = await app.injectWS('/api/sync');
    const c2 = client(ws2);
    c2.send({
      type: 'hello',
      token: null,
      protocol: SYNC_PROTOCOL_VERSION,
      collections: { announcements: 99 },
    });
    expect(await c2.next()).toMatchObject({ type: 'error', code: 'outdated' });
    expect(await c2.closed).toBe(CLOSE_CODES.outdated);

    // A client that names no collection versions at all cannot be told apart from an outdated one.
    const c3 = client(await app.injectWS('/api/sync'));
    c3.send({ type: 'hello', token: null, protocol: SYNC_PROTOCOL_VERSION });
    expect(await c3.next()).toMatchObject({ type: 'error', code: 'outdated' });
    expect(await c3.closed).toBe(CLOSE_CODES.outdated);
  });

  it('pulls in seq order, exactly batchSize per batch while more remain, resuming from the checkpoint', async () => {
    const { userId } = await registerAndLogin(app);
    const ids = Array.from({ length: 7 }, () => insertAnnouncement(app, userId));
    const c = client(await app.injectWS('/api/sync'));
    c.hello(null);
    expect(await c.next()).toEqual({ type: 'ready', userId: null });
    const seen: string[] = [];
    let checkpoint: { seq: number } | null = null;
    const sizes: number[] = [];
    for (;;) {
      const batch = await c.pull(checkpoint, 3);
      sizes.push(batch.documents.length);
      seen.push(...batch.documents.map((d) => d.id));
      checkpoint = batch.checkpoint;
      if (batch.documents.length < 3) break;
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(ids);
    // Nothing new: same checkpoint back, no documents.
    expect(await c.pull(checkpoint, 3)).toEqual({ documents: [], checkpoint });
  });

  it('sends blanked tombstones for deleted and deactivated announcements, except deactivated ones to their owner', async () => {
    const owner = await registerAndLogin(app);
    const gone = insertAnnouncement(app, owner.userId, { deleted: true, title: 'Secret șters din listă' });
    const paused = insertAnnouncement(app, owner.userId, {
      active: false,
      title: 'Anunț dezactivat temporar',
    });
    const guest = client(await app.injectWS('/api/sync'));
    guest.hello(null);
    await guest.next();
    const asGuest = await guest.pull(null, 10);
    expect(asGuest.documents.map((d) => [d.id, d._deleted, d.title])).toEqual([
      [gone, true, ''],
      [paused, true, ''],
    ]);
    const mine = client(await app.injectWS('/api/sync'));
    mine.hello(owner.token);
    expect(await mine.next()).toEqual({ type: 'ready', userId: owner.userId });
    const asOwner = await mine.pull(null, 10);
    expect(asOwner.documents.map((d) => [d.id, d._deleted])).toEqual([
      [gone, true],
      [paused, false],
    ]);
  });

  it('refuses pushes to read-only collections with an answer, not an exception', async () => {
    const c = client(await app.injectWS('/api/sync'));
    c.hello(null);
    await c.next();
    c.send({ type: 'push', id: '9', collection: 'announcements', rows: [] });
    expect(await c.next()).toMatchObject({ type: 'error', id: '9', code: 'forbidden' });
  });
});

describe('a device that was away for a long time', () => {
  it('catches up from its old checkpoint to exactly the state a fresh device gets', async () => {
    const owner = await registerAndLogin(app);
    const early = Array.from({ length: 20 }, () => insertAnnouncement(app, owner.userId));
    const c = client(await app.injectWS('/api/sync'));
    c.hello(null);
    await c.answer();
    const old = (await c.pull(null, 200)).checkpoint;
    // "30 days" of activity: many new announcements, some of the old ones deleted or hidden.
    const later = Array.from({ length: 230 }, () => insertAnnouncement(app, owner.userId));
    for (const id of [...early.slice(0, 5), ...later.slice(0, 10)]) {
      app.db.transaction(() => {
        app.db.$client
          .prepare('UPDATE announcements SET deleted = 1, seq = ? WHERE id = ?')
          .run(nextSeq(app.db), id);
      });
    }
    const replay = async (from: { seq: number } | null) => {
      const state = new Map<string, boolean>();
      let checkpoint = from;
      for (;;) {
        const batch = await c.pull(checkpoint, 50);
        for (const d of batch.documents) state.set(d.id, d._deleted);
        checkpoint = batch.checkpoint;
        if (batch.documents.length < 50) return state;
      }
    };
    const caughtUp = await replay(old);
    const fresh = await replay(null);
    const live = (m: Map<string, boolean>) =>
      [...m]
        .filter(([, del]) => !del)
        .map(([id]) => id)
        .sort();
    // Everything the old device lacked arrived, and every deletion reached it as a tombstone.
    for (const id of [...early.slice(0, 5), ...later.slice(0, 10)]) expect(caughtUp.get(id)).toBe(true);
    const oldLive = early.slice(5);
    expect([...new Set([...oldLive, ...live(caughtUp)])].sort()).toEqual(live(fresh));
  });
});
