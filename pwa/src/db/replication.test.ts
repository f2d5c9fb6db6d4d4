import type { RxReplicationState } from 'rxdb/plugins/replication';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncCheckpoint } from '../../../schema/sync.ts';
import { openDatabase } from './database.ts';
import { startReplication } from './replication.ts';
import { SyncClient } from './sync-client.ts';
import type { HobbizDatabase } from './types.ts';

/**
 * Issue 12, item 5: writes made while the server was away went out up to RxDB's retryTime (2 s) after
 * the socket was back, because each push attempt failed at once while offline and RxDB then slept.
 * The real replication (RxDB on memory storage) over the real sync client and a scripted server: the
 * socket is lost, a heart is made, the socket comes back — the push must be on the wire right away.
 */
class FakeServerSocket {
  static all: FakeServerSocket[] = [];
  static down = false;
  static pushes: { at: number; collection: string }[] = [];
  /** The next push is swallowed and its socket dropped (the answer never comes). */
  static dropOnPush = false;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeServerSocket.all.push(this);
    setTimeout(() => {
      if (FakeServerSocket.down) return this.onclose?.({ code: 1006 });
      this.onopen?.();
    }, 1);
  }
  send(raw: string) {
    const msg = JSON.parse(raw) as { type: string; id?: string; collection?: string };
    const answer = (data: unknown) =>
      setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: 'result', id: msg.id, data }) }), 1);
    if (msg.type === 'hello')
      setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: 'ready', userId: 'u1' }) }), 1);
    else if (msg.type === 'pull') answer({ documents: [], checkpoint: null });
    else if (msg.type === 'push') {
      FakeServerSocket.pushes.push({ at: Date.now(), collection: msg.collection! });
      if (FakeServerSocket.dropOnPush) {
        FakeServerSocket.dropOnPush = false;
        setTimeout(() => this.drop(), 1);
      } else answer([]);
    }
  }
  close() {}
  drop() {
    this.onclose?.({ code: 1006 });
  }
}

let db: HobbizDatabase;
let client: SyncClient;
let replications: RxReplicationState<unknown, SyncCheckpoint>[];
beforeEach(async () => {
  FakeServerSocket.all = [];
  FakeServerSocket.down = false;
  FakeServerSocket.pushes = [];
  FakeServerSocket.dropOnPush = false;
  vi.stubGlobal('WebSocket', FakeServerSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'hobbiz.test' });
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', { onLine: true });
  // The health probe is not what is measured here: it never answers.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  db = await openDatabase(`u${Date.now()}`, undefined, getRxStorageMemory());
  client = new SyncClient('token');
  replications = startReplication(db, client, true);
  await Promise.all(replications.map((r) => r.awaitInitialReplication()));
});
afterEach(async () => {
  await Promise.all(replications.map((r) => r.cancel()));
  client.close();
  await db.remove();
  vi.unstubAllGlobals();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await wait(5);
  if (!check()) throw new Error('timed out');
}

describe('replication: writes made offline go out with the first ready', () => {
  it('a heart made while the server is away is pushed at once when the socket is back, with no failed attempts meanwhile', async () => {
    const errors: unknown[] = [];
    for (const r of replications) r.error$.subscribe((e) => errors.push(e));
    FakeServerSocket.down = true;
    FakeServerSocket.all.at(-1)!.drop();
    expect(client.status$.value).toBe('offline');

    await db.favorites.insert({ id: 'a'.repeat(24), createdAt: new Date().toISOString() });
    // Long enough for RxDB's own retry (2 s) to have come and gone at least once.
    await wait(2500);
    expect(FakeServerSocket.pushes).toHaveLength(0);
    // Waiting for the socket is not a failure: nothing was sent into a closed socket and retried.
    expect(errors).toEqual([]);

    FakeServerSocket.down = false;
    let readyAt = 0;
    client.status$.subscribe((s) => {
      if (s === 'online' && !readyAt) readyAt = Date.now();
    });
    client.reconnectNow();
    const deadline = Date.now() + 5000;
    while (!FakeServerSocket.pushes.some((p) => p.collection === 'favorites') && Date.now() < deadline)
      await wait(5);
    const pushed = FakeServerSocket.pushes.find((p) => p.collection === 'favorites');
    expect(pushed, 'the heart was never pushed').toBeDefined();
    expect(readyAt).toBeGreaterThan(0);
    // Before: the push waited for RxDB's next retry, up to 2 s after the socket was ready.
    expect(pushed!.at - readyAt).toBeLessThanOrEqual(200);
  });

  it('a push cut off with its socket is sent again with the next ready, not at RxDB’s next retry', async () => {
    const errors: unknown[] = [];
    for (const r of replications) r.error$.subscribe((e) => errors.push(e));
    FakeServerSocket.dropOnPush = true;
    const sockets = FakeServerSocket.all.length;
    let readyAt = 0;
    client.status$.subscribe((s) => {
      if (s === 'online' && FakeServerSocket.all.length > sockets && !readyAt) readyAt = Date.now();
    });
    await db.favorites.insert({ id: 'b'.repeat(24), createdAt: new Date().toISOString() });
    await until(() => FakeServerSocket.pushes.length === 2);
    const [lost, again] = FakeServerSocket.pushes;
    expect(lost!.collection).toBe('favorites');
    expect(again!.collection).toBe('favorites');
    expect(readyAt).toBeGreaterThan(0);
    // The socket came back after its 0.5 s back-off; before, the resend waited RxDB's 2 s from the loss.
    expect(again!.at - readyAt).toBeLessThanOrEqual(200);
    expect(again!.at - lost!.at).toBeLessThan(1500);
    expect(errors).toEqual([]);
  });
});
