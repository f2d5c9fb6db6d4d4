import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { CLOSE_CODES, type ServerMessage } from '../../../schema/sync.ts';
import { createTestDatabase, pgUrl } from '../lib/pg-test-db.ts';
import { RealtimeHub } from './hub.ts';
import { INLINE_LIMIT, PgBus } from './pg-bus.ts';

/**
 * The PostgreSQL real-time bus with two "instances" (two hubs, each with its own bus and registry) on a
 * database of its own on the DATABASE_URL server (npm run test:pg starts a throwaway one). Skipped without it.
 */
if (!pgUrl) {
  console.warn(
    'pg-bus.test.ts SKIPPED: DATABASE_URL is not set. Run with DATABASE_URL=postgres://… (or npm run test:pg).',
  );
}

type Fake = { socket: WebSocket; got: ServerMessage[]; closedWith: () => number | null };
function fakeSocket(): Fake {
  const got: ServerMessage[] = [];
  let closedWith: number | null = null;
  const s = {
    OPEN: 1,
    readyState: 1,
    send: (raw: string) => got.push(JSON.parse(raw) as ServerMessage),
    close: (code: number) => {
      closedWith = code;
      s.readyState = 3;
    },
  };
  return { socket: s as unknown as WebSocket, got, closedWith: () => closedWith };
}

async function waitFor(what: string, ok: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
const events = (f: Fake, name: string) => f.got.filter((m) => m.type === 'event' && m.name === name);

describe.skipIf(!pgUrl)('PgBus: real time across two instances (PostgreSQL)', () => {
  let admin: pg.Client;
  let url: string;
  let drop: () => Promise<void>;
  const hubs: RealtimeHub[] = [];
  /** Sessions the fake "database" says are live, for both instances. */
  const live = new Set<string>();
  /** What the buses logged (warnings and errors), instead of the console. */
  const logged: string[] = [];
  const log = {
    warn: (_: unknown, msg?: string) => logged.push(msg ?? ''),
    error: (_: unknown, msg?: string) => logged.push(msg ?? ''),
  };

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase());
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const file = join(import.meta.dirname, '../../migrations-pg-extra/0002_realtime.sql');
    await admin.query(readFileSync(file, 'utf8'));
  });
  afterAll(async () => {
    await admin?.end();
    await drop?.();
  });
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.close()));
    logged.length = 0;
  });

  /** Two instances on a channel of their own (other tests on the same database do not cross-talk). */
  async function twoInstances(opts: { snapshotEveryMs?: number } = {}) {
    const channel = `rt_test_${Math.random().toString(36).slice(2, 10)}`;
    const make = async () => {
      const bus = new PgBus({ connectionString: url, channel, backoffMs: [50, 400], log, ...opts });
      const hub = new RealtimeHub(bus, (session) => live.has(session));
      hubs.push(hub);
      await hub.start();
      return { hub, bus };
    };
    const one = await make();
    const two = await make();
    return { one, two, channel };
  }

  /** A marker published after `fn` on `hub`: once it arrives, whatever `fn` sent before it has too. */
  async function flushed(hub: RealtimeHub, to: Fake, userId: string) {
    const before = events(to, 'marker').length;
    hub.emit('marker', {}, [userId]);
    await waitFor('marker', () => events(to, 'marker').length > before);
  }

  it('an emit to B published on instance 1 reaches B on instance 2, and B on 1, exactly once each', async () => {
    const { one, two } = await twoInstances();
    const b2 = fakeSocket();
    const b1 = fakeSocket();
    const a1 = fakeSocket();
    two.hub.add(b2.socket, 'B');
    one.hub.add(b1.socket, 'B');
    one.hub.add(a1.socket, 'A');
    one.hub.emit('newMessage', { id: 'm1', text: 'Bună ziua!' }, ['B']);
    one.hub.poke(['messages', 'conversations'], ['B']);
    await flushed(one.hub, b2, 'B');
    await flushed(one.hub, b1, 'B');
    expect(events(b2, 'newMessage')).toEqual([
      { type: 'event', name: 'newMessage', payload: { id: 'm1', text: 'Bună ziua!' } },
    ]);
    expect(events(b1, 'newMessage')).toHaveLength(1);
    expect(b2.got.filter((m) => m.type === 'poke')).toEqual([
      { type: 'poke', collections: ['messages', 'conversations'] },
    ]);
    expect(a1.got).toEqual([]);
  });

  it('settled(): what an instance published before it has reached that instance’s own sockets', async () => {
    const { one } = await twoInstances();
    const b1 = fakeSocket();
    one.hub.add(b1.socket, 'B');
    one.hub.emit('newMessage', { id: 'm1' }, ['B']);
    expect(events(b1, 'newMessage')).toEqual([]); // never delivered locally by the publisher itself
    await one.hub.settled();
    expect(events(b1, 'newMessage')).toHaveLength(1);
  });

  it('typing and read receipts published on one instance reach the other participant on the other', async () => {
    const { one, two } = await twoInstances();
    const a1 = fakeSocket();
    const b2 = fakeSocket();
    one.hub.add(a1.socket, 'A');
    two.hub.add(b2.socket, 'B');
    two.hub.emit('userTyping', { conversationId: 'c', userId: 'B', isTyping: true }, ['A']);
    one.hub.emit('messagesRead', { conversationId: 'c', readerId: 'A', upTo: 'x' }, ['B']);
    await flushed(two.hub, a1, 'A');
    await flushed(one.hub, b2, 'B');
    expect(events(a1, 'userTyping')).toHaveLength(1);
    expect(events(b2, 'messagesRead')).toHaveLength(1);
    expect(events(a1, 'messagesRead')).toEqual([]);
    expect(events(b2, 'userTyping')).toEqual([]);
  });

  it('viewing on instance 2 counts on instance 1, until the socket stops viewing or closes', async () => {
    const { one, two } = await twoInstances();
    const b2 = fakeSocket();
    two.hub.add(b2.socket, 'B');
    expect(one.hub.isViewing('B', 'c1')).toBe(false);
    two.hub.setViewing(b2.socket, 'c1');
    expect(two.hub.isViewing('B', 'c1')).toBe(true); // its own instance knows at once
    await waitFor('viewing on 1', () => one.hub.isViewing('B', 'c1'));
    expect(one.hub.isViewing('B', 'c2')).toBe(false);
    expect(one.hub.isViewing('A', 'c1')).toBe(false);
    two.hub.setViewing(b2.socket, 'c2');
    await waitFor('viewing c2 on 1', () => one.hub.isViewing('B', 'c2') && !one.hub.isViewing('B', 'c1'));
    two.hub.remove(b2.socket);
    await waitFor('viewing gone on 1', () => !one.hub.isViewing('B', 'c2'));
  });

  it('a late instance learns who views what; a silent (crashed) instance is forgotten', async () => {
    const { one, two, channel } = await twoInstances({ snapshotEveryMs: 100 });
    const b2 = fakeSocket();
    two.hub.add(b2.socket, 'B');
    two.hub.setViewing(b2.socket, 'c1');
    const late = new RealtimeHub(new PgBus({ connectionString: url, channel, snapshotEveryMs: 100, log }));
    hubs.push(late);
    await late.start();
    await waitFor('late instance learns', () => late.isViewing('B', 'c1'));
    // Instance 1 hears it from instance 2's message, not from the late one's snapshot: on a loaded machine
    // that may come a little later.
    await waitFor('instance 1 knows too', () => one.hub.isViewing('B', 'c1'));
    // Instance 2 dies without a word: its periodic announcements stop, so after 3 periods it is forgotten.
    const bus2 = two.bus as unknown as { closed: boolean; timers: NodeJS.Timeout[] };
    for (const t of bus2.timers) clearInterval(t);
    bus2.closed = true;
    await waitFor('forgotten', () => !one.hub.isViewing('B', 'c1'), 2000);
  });

  it('a revocation on instance 1 closes B’s socket of that session on instance 2, not the others', async () => {
    const { one, two } = await twoInstances();
    const gone = fakeSocket();
    const kept = fakeSocket();
    const other = fakeSocket();
    live.add('s-kept');
    two.hub.add(gone.socket, 'B', 's-gone');
    two.hub.add(kept.socket, 'B', 's-kept');
    two.hub.add(other.socket, 'C', 's-other');
    one.hub.closeRevoked({ tokenHash: 's-gone' });
    await waitFor('closed', () => gone.closedWith() !== null);
    expect(gone.closedWith()).toBe(CLOSE_CODES.unauthorized);
    one.hub.closeRevoked({ userId: 'B' });
    await flushed(one.hub, kept, 'B');
    expect(kept.closedWith()).toBeNull(); // its session is still live
    one.hub.disconnect('B'); // the account is deleted: every socket goes
    await waitFor('all closed', () => kept.closedWith() !== null);
    expect(other.closedWith()).toBeNull();
  });

  it('a batch over 7,000 bytes travels through realtime_payloads and arrives whole', async () => {
    const { one, two } = await twoInstances();
    const b2 = fakeSocket();
    two.hub.add(b2.socket, 'B');
    const text = 'ă'.repeat(INLINE_LIMIT); // 14,000 bytes in UTF-8
    one.hub.emit('newMessage', { id: 'big', text }, ['B']);
    one.hub.emit('small-after', { n: 1 }, ['B']);
    await waitFor('small after big', () => events(b2, 'small-after').length === 1);
    expect(b2.got.map((m) => (m.type === 'event' ? m.name : m.type))).toEqual(['newMessage', 'small-after']);
    expect(events(b2, 'newMessage')[0]).toMatchObject({ payload: { id: 'big', text } });
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM realtime_payloads WHERE body LIKE \'%"big"%\'',
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('the LISTEN connection killed: it reconnects, clients are told to pull, later events arrive', async () => {
    const { one, two } = await twoInstances();
    const b2 = fakeSocket();
    two.hub.add(b2.socket, 'B');
    const bus2 = two.bus as unknown as { listener: pg.Client & { processID: number } };
    const pid = bus2.listener.processID;
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await waitFor('reconnected', () => two.bus.connections === 2);
    expect(logged).toContain('real-time bus: LISTEN connection lost, reconnecting');
    // What may have been missed while nobody listened: every pulled collection is poked.
    expect(b2.got).toContainEqual(expect.objectContaining({ type: 'poke' }));
    one.hub.emit('afterReconnect', { ok: true }, ['B']);
    await waitFor('event after reconnect', () => events(b2, 'afterReconnect').length === 1);
    expect(two.bus.connections).toBe(2);
  });

  it('a LISTEN connection that goes deaf without closing is noticed and replaced', async () => {
    const { one, two } = await twoInstances({ snapshotEveryMs: 100 });
    const b2 = fakeSocket();
    two.hub.add(b2.socket, 'B');
    const bus2 = two.bus as unknown as { listener: pg.Client };
    await bus2.listener.query('UNLISTEN *'); // still connected, hears nothing: a silently cut link
    await waitFor('replaced', () => two.bus.connections === 2, 3000);
    expect(logged).toContain('real-time bus: LISTEN connection silent, reconnecting');
    one.hub.emit('afterDeaf', {}, ['B']);
    await waitFor('event after replacement', () => events(b2, 'afterDeaf').length === 1);
  });

  it('publish → deliver latency across instances over 1,000 events (loopback)', async () => {
    const { one, two } = await twoInstances();
    const b2 = fakeSocket();
    two.hub.add(b2.socket, 'B');
    const sentAt = new Map<number, number>();
    const took: number[] = [];
    const order: number[] = [];
    b2.socket.send = ((raw: string) => {
      const m = JSON.parse(raw) as ServerMessage;
      if (m.type === 'event' && m.name === 'lat') {
        const n = (m.payload as { n: number }).n;
        if (n >= 0) took.push(performance.now() - sentAt.get(n)!);
        order.push(n);
      }
    }) as WebSocket['send'];
    // 100 unmeasured events first (connections warm, code compiled), then the 1,000 measured.
    for (let n = -100; n < 1000; n++) {
      sentAt.set(n, performance.now());
      one.hub.emit('lat', { n, text: 'Mai este disponibil?' }, ['B']);
      // One event per unit of work, spaced like messages, not one giant batch.
      await new Promise((r) => setTimeout(r, 1));
    }
    await waitFor('1,000 events', () => took.length === 1000, 20_000);
    expect(order).toEqual([...order].sort((x, y) => x - y)); // in the order published, none twice
    expect(new Set(order).size).toBe(1100);
    took.sort((x, y) => x - y);
    const p50 = took[Math.floor(took.length * 0.5)]!;
    const p95 = took[Math.floor(took.length * 0.95)]!;
    console.log(
      `PgBus publish→deliver over 1,000 events: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`,
    );
    expect(p95).toBeLessThan(200); // generous: the machine is shared; the figure is what the log says
  });
});
