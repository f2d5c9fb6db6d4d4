import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CLOSE_CODES, type HeldDoc, type HeldDocs, SYNC_PROTOCOL_VERSION } from '../../../schema/sync.ts';
import { bearer, validForm } from '../routes/my-announcements/test-fixtures.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin, settled } from '../test-helper.ts';
import { client, connectedClient } from './test-client.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp({ socketAuthTimeoutMs: 300 });
});
afterEach(async () => {
  await app.cleanup();
});

/** The feed runs on setImmediate after a commit's poke. */
const settle = () => settled(app, 20);
const BLANK = {
  title: '',
  description: '',
  contactPerson: '',
  contactEmail: '',
  contactPhone: '',
  images: [],
};
const byId = (list: HeldDoc[] = []) => Object.fromEntries(list.map((h) => [h.doc.id as string, h.doc]));
/** The announcements of the held events received so far. */
const heard = (c: ReturnType<typeof client>) =>
  c.takeHeld().flatMap((e) => (e.announcements ?? []).map((h) => h.doc));

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
    // Announcements are held, not pulled (held.test.ts); the pulled collections page this way.
    const owner = await registerAndLogin(app);
    const me = await registerAndLogin(app);
    const ids = await Promise.all(Array.from({ length: 7 }, () => insertAnnouncement(app, owner.userId)));
    for (const id of ids) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/favorites/${id}`,
        headers: bearer(me.token),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const c = client(await app.injectWS('/api/sync'));
    c.hello(me.token);
    expect(await c.next()).toEqual({ type: 'ready', userId: me.userId });
    const seen: string[] = [];
    let checkpoint: { seq: number } | null = null;
    const sizes: number[] = [];
    for (;;) {
      const batch = await c.pull(checkpoint, 3, 'favorites');
      sizes.push(batch.documents.length);
      seen.push(...batch.documents.map((d) => d.id));
      checkpoint = batch.checkpoint;
      if (batch.documents.length < 3) break;
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(ids);
    // Nothing new: same checkpoint back, no documents.
    expect(await c.pull(checkpoint, 3, 'favorites')).toEqual({ documents: [], checkpoint });
  });

  it('sends blanked tombstones for deleted and deactivated announcements, except deactivated ones to their owner', async () => {
    const owner = await registerAndLogin(app);
    const gone = await insertAnnouncement(app, owner.userId, {
      deleted: true,
      title: 'Secret șters din listă',
    });
    const paused = await insertAnnouncement(app, owner.userId, {
      active: false,
      title: 'Anunț dezactivat temporar',
    });
    const live = await insertAnnouncement(app, owner.userId, { title: 'Anunț care va fi ascuns' });
    const keys = { announcements: [gone, paused, live].map((id): [string, number] => [id, 0]) };

    // Catch-up: a guest holding them gets blanked tombstones, the owner the inactive one in full.
    const guest = await connectedClient(app, null);
    const asGuest = await guest.hold(keys);
    expect(byId(asGuest.announcements)).toEqual({
      [gone]: expect.objectContaining({ _deleted: true, ...BLANK }),
      [paused]: expect.objectContaining({ _deleted: true, ...BLANK }),
      [live]: expect.objectContaining({ _deleted: false, title: 'Anunț care va fi ascuns' }),
    });
    const mine = await connectedClient(app, owner.token);
    expect(byId((await mine.hold(keys)).announcements)).toEqual({
      [gone]: expect.objectContaining({ _deleted: true, ...BLANK }),
      [paused]: expect.objectContaining({
        _deleted: false,
        active: false,
        title: 'Anunț dezactivat temporar',
      }),
      [live]: expect.objectContaining({ _deleted: false }),
    });
    // `own` without keys: every announcement of theirs but the deleted one they never had.
    const ownDevice = await connectedClient(app, owner.token);
    expect(Object.keys(byId((await ownDevice.hold({}, { own: true })).announcements)).sort()).toEqual(
      [paused, live].sort(),
    );

    // Live: deactivated → blanked tombstone to the guest, the full document to the owner's devices.
    const off = await app.inject({
      method: 'PUT',
      url: `/api/users/my-announcements/${live}/active`,
      headers: bearer(owner.token),
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    await settle();
    expect(heard(guest)).toEqual([expect.objectContaining({ id: live, _deleted: true, ...BLANK })]);
    for (const c of [mine, ownDevice]) {
      expect(heard(c)).toEqual([
        expect.objectContaining({
          id: live,
          _deleted: false,
          active: false,
          title: 'Anunț care va fi ascuns',
        }),
      ]);
    }
    // Deleted: blanked for everyone.
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/users/my-announcements/${live}`,
      headers: bearer(owner.token),
    });
    expect(del.statusCode).toBe(200);
    await settle();
    for (const c of [guest, mine, ownDevice]) {
      expect(heard(c)).toEqual([expect.objectContaining({ id: live, _deleted: true, ...BLANK })]);
    }
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
  it('catches up from its old seqs to exactly the state a fresh device gets', async () => {
    const owner = await registerAndLogin(app);
    const early = await Promise.all(Array.from({ length: 20 }, () => insertAnnouncement(app, owner.userId)));
    type State = Map<string, { doc: Record<string, unknown>; seq: number }>;
    const apply = (state: State, docs: HeldDocs) => {
      for (const h of docs.announcements ?? []) state.set(h.doc.id as string, { doc: h.doc, seq: h.seq });
      return state;
    };
    const keysOf = (state: State) => ({
      announcements: [...state].map(([id, { seq }]): [string, number] => [id, seq]),
    });

    // A guest's device held the 20 early ones, a device of their owner all of theirs.
    const guest = await connectedClient(app, null);
    const guestState = apply(new Map(), await guest.hold({ announcements: early.map((id) => [id, 0]) }));
    const ownerDevice = await connectedClient(app, owner.token);
    const ownerState = apply(new Map(), await ownerDevice.hold({}, { own: true }));
    expect(guestState.size).toBe(20);
    expect(ownerState.size).toBe(20);

    // "30 days" of activity while both were away: many new announcements, some old ones deleted,
    // hidden or repriced, some new ones deleted or hidden again.
    const later = await Promise.all(Array.from({ length: 230 }, () => insertAnnouncement(app, owner.userId)));
    const as = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });
    for (const id of [...early.slice(0, 5), ...later.slice(0, 10)]) {
      expect((await as('DELETE', `/api/users/my-announcements/${id}`)).statusCode).toBe(200);
    }
    for (const id of [...early.slice(5, 8), ...later.slice(10, 13)]) {
      expect(
        (await as('PUT', `/api/users/my-announcements/${id}/active`, { active: false })).statusCode,
      ).toBe(200);
    }
    for (const id of early.slice(8, 12)) {
      expect(
        (await as('PUT', `/api/users/my-announcements/${id}`, { ...validForm, price: 999 })).statusCode,
      ).toBe(200);
    }

    // The guest's device: only the 12 held ones that changed travel, and it ends where a fresh device starts.
    const guestBack = await connectedClient(app, null);
    const guestAnswer = await guestBack.hold(keysOf(guestState), { replace: true });
    expect(guestAnswer.announcements?.map((h) => h.doc.id).sort()).toEqual(early.slice(0, 12).sort());
    apply(guestState, guestAnswer);
    const guestFresh = await connectedClient(app, null);
    const fresh = apply(new Map(), await guestFresh.hold({ announcements: early.map((id) => [id, 0]) }));
    expect(Object.fromEntries(guestState)).toEqual(Object.fromEntries(fresh));
    for (const id of early.slice(0, 8))
      expect(guestState.get(id)!.doc).toMatchObject({ _deleted: true, title: '' });

    // The owner's device: the same live documents as a fresh device of theirs; its deletions as tombstones.
    const ownerBack = await connectedClient(app, owner.token);
    apply(ownerState, await ownerBack.hold(keysOf(ownerState), { replace: true, own: true }));
    const ownerFresh = await connectedClient(app, owner.token);
    const freshOwn = apply(new Map(), await ownerFresh.hold({}, { own: true }));
    const live = (state: State) => [...state].filter(([, { doc }]) => !doc._deleted);
    expect(Object.fromEntries(live(ownerState))).toEqual(Object.fromEntries(freshOwn));
    expect(freshOwn.size).toBe(20 - 5 + 230 - 10);
    for (const id of early.slice(0, 5)) expect(ownerState.get(id)!.doc).toMatchObject({ _deleted: true });
  });
});
