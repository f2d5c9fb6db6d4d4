import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './database.ts';
import type { SyncClient } from './sync-client.ts';
import { ConnectionLost } from './sync-requests.ts';
import type { HobbizDatabase } from './types.ts';
import { HOLD_RETRY_MS, WorkingSet } from './working-set.ts';

/**
 * Issue 40: a reconnect's hold refused by the server (its share of held keys full, back-pressure) is sent
 * again later while the socket stays up, so the device does not go without live changes until its next
 * reconnect; a lost connection is left to the next 'online'.
 */
let db: HobbizDatabase | null = null;
let ws: WorkingSet | null = null;
afterEach(async () => {
  ws?.stop();
  vi.useRealTimers();
  if (db && !db.closed) await db.close();
  db = null;
});

function fakeClient(answers: (() => unknown)[]) {
  const holds: unknown[] = [];
  const client = {
    status$: new BehaviorSubject('offline'),
    events$: new Subject(),
    request: async (msg: { type: string; replace?: boolean }) => {
      if (msg.type === 'hold' && msg.replace) {
        holds.push(msg);
        const next = answers.shift();
        return next ? next() : {};
      }
      return {};
    },
  };
  return { client: client as unknown as SyncClient, holds, status$: client.status$ };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((r) => setImmediate(r));
};

describe('a refused hold after a reconnect', () => {
  it('is asked again after HOLD_RETRY_MS (±25 %) while online', async () => {
    db = await openDatabase(`r${Date.now()}`, undefined, getRxStorageMemory());
    const refused = () => {
      throw new Error('rate-limited');
    };
    const fake = fakeClient([refused, () => ({})]);
    ws = new WorkingSet(db, fake.client, 'me', { pendingIds: async () => [] });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fake.status$.next('online');
    await vi.waitFor(() => expect(fake.holds).toHaveLength(1));
    await settle();
    vi.advanceTimersByTime(HOLD_RETRY_MS * 0.74);
    await settle();
    expect(fake.holds).toHaveLength(1);
    vi.advanceTimersByTime(HOLD_RETRY_MS * 0.52);
    await vi.waitFor(() => expect(fake.holds).toHaveLength(2));
  });

  it('is not retried on its own when the connection was lost (the next online resends)', async () => {
    db = await openDatabase(`l${Date.now()}`, undefined, getRxStorageMemory());
    const lost = () => {
      throw new ConnectionLost('gone');
    };
    const fake = fakeClient([lost]);
    ws = new WorkingSet(db, fake.client, 'me', { pendingIds: async () => [] });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fake.status$.next('online');
    await vi.waitFor(() => expect(fake.holds).toHaveLength(1));
    await settle();
    vi.advanceTimersByTime(HOLD_RETRY_MS * 2);
    await settle();
    expect(fake.holds).toHaveLength(1);
  });
});
