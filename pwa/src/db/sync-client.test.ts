import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_LIMITS } from '../../../schema/sync.ts';
import { SyncClient } from './sync-client.ts';

/**
 * The real sync client in Node, over a scripted socket and fake timers: how fast it is usable again
 * after its socket is lost in the middle of a push (issue 3: "a socket dropped mid-push recovers
 * within 5 s"; the browser side is e2e/sync-recovery.e2e.ts).
 */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  sent: { type: string; id?: string }[] = [];
  closedByClient = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(raw: string) {
    this.sent.push(JSON.parse(raw));
  }
  close() {
    this.closedByClient = true;
  }
  /** The server side of the script. */
  accept() {
    this.onopen?.();
    this.receive({ type: 'ready', userId: 'u1' });
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  lastRequest() {
    return this.sent.filter((m) => m.id).at(-1)!;
  }
}

let client: SyncClient | null = null;
beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'hobbiz.test' });
  vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });
});
afterEach(() => {
  client?.close();
  client = null;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const push = () => client!.request({ type: 'push', collection: 'favorites', rows: [] });

/** Advances the clock until a new socket is open and ready; returns how long that took. */
async function msUntilReconnected(before: number): Promise<number> {
  let waited = 0;
  while (FakeSocket.all.length === before) {
    await vi.advanceTimersByTimeAsync(50);
    waited += 50;
    if (waited > 60_000) throw new Error('no reconnect within a minute');
  }
  FakeSocket.all.at(-1)!.accept();
  return waited;
}

describe('sync client: a socket lost mid-push', () => {
  it('closed before the answer: the push fails at once, a new socket is ready within a second, the retry is answered', async () => {
    client = new SyncClient('token');
    FakeSocket.all[0]!.accept();
    const first = push();
    await vi.advanceTimersByTimeAsync(0);
    const sent = FakeSocket.all[0]!.lastRequest();
    expect(sent.type).toBe('push');
    const failed = expect(first).rejects.toThrow(/s-a închis/);
    FakeSocket.all[0]!.onclose?.({ code: 1006 });
    await failed;
    expect(client.status$.value).toBe('offline');

    const waited = await msUntilReconnected(1);
    expect(waited).toBeLessThanOrEqual(1000);
    expect(client.status$.value).toBe('online');
    // RxDB's retry (after its retryTime) goes out on the new socket and gets its answer.
    const retry = push();
    await vi.advanceTimersByTimeAsync(0);
    const again = FakeSocket.all[1]!.lastRequest();
    FakeSocket.all[1]!.receive({ type: 'result', id: again.id, data: [] });
    await expect(retry).resolves.toEqual([]);
  });

  it('gone silent (no close ever comes): the timed-out push drops the socket and a new one takes over', async () => {
    client = new SyncClient('token');
    FakeSocket.all[0]!.accept();
    const first = push();
    const failed = expect(first).rejects.toThrow(/expirat/);
    await vi.advanceTimersByTimeAsync(SYNC_LIMITS.requestTimeoutMs);
    await failed;
    // Before the fix the dead socket stayed 'online' and every retry went into it, for ever.
    expect(FakeSocket.all[0]!.closedByClient).toBe(true);
    expect(client.status$.value).toBe('offline');
    const waited = await msUntilReconnected(1);
    expect(waited).toBeLessThanOrEqual(1000);
    const retry = push();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all[0]!.sent.filter((m) => m.type === 'push')).toHaveLength(1);
    const again = FakeSocket.all[1]!.lastRequest();
    FakeSocket.all[1]!.receive({ type: 'result', id: again.id, data: [] });
    await expect(retry).resolves.toEqual([]);
  });

  it('a handshake that never completes is given up and retried on a new socket', async () => {
    client = new SyncClient('token');
    FakeSocket.all[0]!.onopen?.(); // hello sent, 'ready' never comes
    const first = push();
    const failed = expect(first).rejects.toThrow(/expirat/);
    await vi.advanceTimersByTimeAsync(SYNC_LIMITS.requestTimeoutMs);
    await failed;
    expect(FakeSocket.all[0]!.closedByClient).toBe(true);
    expect(await msUntilReconnected(1)).toBeLessThanOrEqual(1000);
    expect(client.status$.value).toBe('online');
  });

  it('a slow answer on a live socket within the timeout changes nothing', async () => {
    client = new SyncClient('token');
    FakeSocket.all[0]!.accept();
    const first = push();
    await vi.advanceTimersByTimeAsync(SYNC_LIMITS.requestTimeoutMs - 100);
    const sent = FakeSocket.all[0]!.lastRequest();
    FakeSocket.all[0]!.receive({ type: 'result', id: sent.id, data: [] });
    await expect(first).resolves.toEqual([]);
    await vi.advanceTimersByTimeAsync(SYNC_LIMITS.requestTimeoutMs);
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.all[0]!.closedByClient).toBe(false);
  });
});
