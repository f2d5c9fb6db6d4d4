import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SOCKET_LIMITS } from '../../../schema/constants.ts';
import { CLOSE_CODES, HELD_LIMITS, type ServerMessage, SYNC_MESSAGES } from '../../../schema/sync.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin, settled } from '../test-helper.ts';
import { client } from './test-client.ts';

/**
 * Issue 40, items 2 and 10: a client that never reads cannot make the server hold what it asks for
 * (back-pressure on `bufferedAmount`, socket-backlog.ts), and one address cannot take more than its share
 * of the instance's held keys while another's holds are still answered (held-registry.ts).
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
afterEach(async () => {
  await app.cleanup();
});

/** `n` made-up announcement ids from `from` on: each is answered as a tombstone (~66 bytes). */
const fakeKeys = (from: number, n: number) =>
  Array.from({ length: n }, (_, i): [string, number] => [(from + i).toString(16).padStart(24, '0'), 0]);
/** A hold of 4,000 unknown ids: its answer is ~264 kB. */
const bigHold = (id: string) => ({
  type: 'hold',
  id,
  keys: { announcements: fakeKeys(0, 4000) },
  replace: true,
});

/**
 * A sync socket from `address` (TRUST_PROXY names loopback, the test's proxy), said hello; with the
 * server's side of it, whose bufferedAmount is what the server holds for it.
 */
async function open(address = '203.0.113.5', token: string | null = null) {
  const ws: WebSocket = await app.injectWS('/api/sync', {
    headers: { 'x-forwarded-for': address },
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as Parameters<App['injectWS']>[1]);
  const server = [...app.websocketServer.clients].at(-1)!;
  const c = client(ws);
  c.hello(token);
  const ready = await c.next();
  if (ready.type !== 'ready') throw new Error(JSON.stringify(ready));
  /** Stops reading: what the server sends stays in its buffers, as with a client that never reads. */
  const pause = () => (ws as unknown as { _socket: { pause(): void } })._socket.pause();
  const resume = () => (ws as unknown as { _socket: { resume(): void } })._socket.resume();
  return { c, ws, server, pause, resume };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * Waits until the server's buffer for a socket has something and stops growing (its queued requests are
 * handled; on PostgreSQL a catch-up takes longer).
 */
async function steady(server: WebSocket): Promise<number> {
  let last = -1;
  for (let i = 0; i < 100 && (server.bufferedAmount !== last || last === 0); i++) {
    last = server.bufferedAmount;
    await sleep(300);
  }
  return last;
}
/** Every message received until the socket closed, and its close code. */
async function drain(c: ReturnType<typeof client>): Promise<{ got: ServerMessage[]; code: number }> {
  const got: ServerMessage[] = [];
  let code: number | null = null;
  void c.closed.then((n) => (code = n));
  for (;;) {
    const m = await Promise.race([c.next(), sleep(300).then(() => null)]);
    if (m) got.push(m);
    else if (code !== null) return { got, code };
  }
}

describe('a socket that does not read', () => {
  it('past the soft bound it is not read (its requests wait, not computed); once it reads, all are answered', async () => {
    app = await buildTestApp({ trustProxy: 'loopback' });
    const s = await open();
    s.pause();
    // 12 holds of 4,000 keys: the whole bucket (120 tokens), ~3.2 MB of answers if all were served.
    for (let i = 0; i < 12; i++) s.c.send(bigHold(`h${i}`));
    await steady(s.server);
    // (The test's in-memory stream takes some of it off the count, as a kernel's buffers would.)
    const oneAnswer = 270_000;
    expect(s.server.bufferedAmount).toBeLessThan(SOCKET_LIMITS.backlogSoftBytes + oneAnswer);
    // It keeps asking without reading: nothing more is read, computed or queued for it.
    for (let round = 0; round < 3; round++) {
      // (30 in all: fewer refusals in a row than close a socket as a flood once they are read.)
      for (let i = 0; i < 10; i++) s.c.send(bigHold(`x${round}.${i}`));
      await steady(s.server);
    }
    expect(s.server.isPaused).toBe(true);
    expect(s.server.bufferedAmount).toBeLessThan(SOCKET_LIMITS.backlogSoftBytes + oneAnswer + 20_000);
    expect(s.server.readyState).toBe(s.server.OPEN);
    // A slow device that reads again is read again: every request is answered (served or refused), none lost.
    s.resume();
    const got: ServerMessage[] = [];
    for (let i = 0; i < 42; i++) got.push(await s.c.next());
    expect(got.every((m) => m.type === 'result' || (m.type === 'error' && m.code === 'rate-limited'))).toBe(
      true,
    );
    // (Most past the first ones are over the token budget: 10 tokens a hold.)
    expect(got.filter((m) => m.type === 'result').length).toBeGreaterThan(0);
    expect(s.server.isPaused).toBe(false);
  });

  it('is closed with the backlog code once it stays past the soft bound for backlogSlowMs', async () => {
    let clock = Date.now();
    app = await buildTestApp({ trustProxy: 'loopback', now: () => clock });
    const s = await open();
    s.pause();
    // Live changes past the soft bound (they still go until the hard one).
    const change = (n: number) => {
      app.hub.emit('bench', { big: 'x'.repeat(n) });
      return settled(app, 50);
    };
    for (let i = 0; i < 8 && s.server.bufferedAmount <= SOCKET_LIMITS.backlogSoftBytes; i++)
      await change(300_000);
    expect(s.server.bufferedAmount).toBeGreaterThan(SOCKET_LIMITS.backlogSoftBytes);
    // Still within the time: the socket stays open.
    clock += SOCKET_LIMITS.backlogSlowMs / 2;
    await change(10);
    expect(s.server.readyState).toBe(s.server.OPEN);
    // Past it: the next change (or the heartbeat) closes it.
    clock += SOCKET_LIMITS.backlogSlowMs;
    await change(10);
    expect(s.server.readyState).toBe(s.server.CLOSING);
    s.resume();
    expect((await drain(s.c)).code).toBe(CLOSE_CODES.backlog);
  });

  it('live changes stop at the hard bound: the socket is closed; a reading one gets them all', async () => {
    app = await buildTestApp({ trustProxy: 'loopback' });
    const slow = await open();
    const reader = await open('198.51.100.7');
    slow.pause();
    const big = 'x'.repeat(600_000);
    let highest = 0;
    for (let i = 0; i < 12; i++) {
      app.hub.emit('bench', { i, big });
      await settled(app, 5);
      highest = Math.max(highest, slow.server.bufferedAmount);
    }
    // At most the hard bound and the one message that crossed it; never the 7 MB sent to the reader.
    expect(highest).toBeLessThanOrEqual(SOCKET_LIMITS.backlogHardBytes + 700_000);
    expect(slow.server.readyState).not.toBe(slow.server.OPEN);
    await settled(app, 50);
    expect(reader.c.side.filter((m) => m.type === 'event' && m.name === 'bench')).toHaveLength(12);
    slow.resume();
    expect((await drain(slow.c)).code).toBe(CLOSE_CODES.backlog);
  });

  it('a slow device closed for its backlog gets the change it missed when it reconnects', async () => {
    app = await buildTestApp({ trustProxy: 'loopback' });
    const owner = await registerAndLogin(app);
    const stranger = await registerAndLogin(app);
    const ann = await insertAnnouncement(app, owner.userId);
    const device = await open();
    const first = await device.c.hold({ announcements: [[ann, 0]] });
    const seq = first.announcements![0]!.seq;
    device.pause();
    app.hub.emit('bench', { big: 'x'.repeat(SOCKET_LIMITS.backlogHardBytes + 1000) });
    await settled(app);
    // A change of the held announcement while the socket is over its bound: dropped, not queued.
    const fav = await app.inject({
      method: 'POST',
      url: `/api/favorites/${ann}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(fav.statusCode).toBeLessThan(300);
    await settled(app, 50);
    device.resume();
    const { got, code } = await drain(device.c);
    expect(code).toBe(CLOSE_CODES.backlog);
    expect(JSON.stringify(got)).not.toContain('"favoritesCount":1');
    // The app reconnects and sends its held set with its seqs: the change comes with the catch-up.
    const again = await open();
    const caught = await again.c.hold({ announcements: [[ann, seq]] }, { replace: true });
    expect(caught.announcements).toEqual([
      expect.objectContaining({ doc: expect.objectContaining({ id: ann, favoritesCount: 1 }) }),
    ]);
  });
});

describe('held keys shared fairly per address', () => {
  it(`50 guest sockets of one address hold at most ${HELD_LIMITS.maxKeysPerAddress} keys; another address is still answered; closing gives them back`, async () => {
    app = await buildTestApp({ trustProxy: 'loopback' });
    const sockets = [];
    const answers: string[] = [];
    for (let i = 0; i < SOCKET_LIMITS.perAddress; i++) {
      const s = await open('203.0.113.5');
      sockets.push(s);
      for (const [k, kind] of (['announcements', 'profiles', 'reviews'] as const).entries()) {
        const keys = { [kind]: fakeKeys((i * 3 + k) * 4000, 4000) };
        answers.push(
          await s.c.hold(keys).then(
            () => 'held',
            (e: Error) => e.message,
          ),
        );
      }
    }
    const held = answers.filter((a) => a === 'held').length;
    expect(held * 4000).toBeLessThanOrEqual(HELD_LIMITS.maxKeysPerAddress);
    expect(held * 4000).toBeGreaterThan(HELD_LIMITS.maxKeysPerAddress - 4000);
    expect(answers.filter((a) => a !== 'held')[0]).toContain(SYNC_MESSAGES.addressFull);
    expect(answers.filter((a) => a !== 'held').every((a) => a.includes('"code":"rate-limited"'))).toBe(true);
    // A search from the full address is still answered (its page is just not held live).
    const seller = await registerAndLogin(app);
    await insertAnnouncement(app, seller.userId, { title: 'Lecții de chitară pentru începători' });
    const searched = (await sockets[0]!.c.query({})) as { items: unknown[] };
    expect(searched.items.length).toBeGreaterThan(0);
    // Someone at another address is answered.
    const other = await open('198.51.100.7');
    expect(await other.c.hold({ announcements: fakeKeys(10_000_000, 4000) })).toMatchObject({
      announcements: expect.any(Array),
    });
    // Sockets that close give their share back.
    for (const s of sockets.slice(0, 5)) s.ws.terminate();
    await sleep(100);
    const back = sockets[SOCKET_LIMITS.perAddress - 1]!;
    expect(await back.c.hold({ announcements: fakeKeys(20_000_000, 10) })).toMatchObject({
      announcements: expect.any(Array),
    });
  });
});
