import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceSession } from './device-session.ts';

/**
 * What a sign-out asks of the local database, before and after the lazily loaded boot module has
 * registered (a fresh module per test: the registration is once per page).
 */
type Module = typeof import('./device-session.ts');
let m: Module;
beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  m = await import('./device-session.ts');
});
afterEach(() => vi.useRealTimers());

const device = (patch: Partial<DeviceSession> = {}): DeviceSession => ({
  unsynced: async () => 0,
  push: async () => 0,
  settled: async () => undefined,
  ...patch,
});

describe('a sign-out before the database module has loaded', () => {
  it('waits for it to register, so what is waiting is counted, not taken for nothing', async () => {
    let count: number | undefined;
    void m.unsyncedChanges().then((n) => {
      count = n;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(count).toBeUndefined();
    m.setDeviceSession(device({ unsynced: async () => 4 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(count).toBe(4);
  });

  it('gives up after 5 s on a page whose database never arrives (nothing to lose there)', async () => {
    let count: number | undefined;
    void m.pushUnsynced(4000).then((n) => {
      count = n;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(count).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(count).toBe(0);
  });
});

describe('once registered', () => {
  it('passes the push its time limit and answers what still waits', async () => {
    const push = vi.fn(async (ms: number) => (ms >= 4000 ? 1 : 9));
    m.setDeviceSession(device({ push }));
    expect(await m.pushUnsynced(4000)).toBe(1);
    expect(push).toHaveBeenCalledWith(4000);
  });

  it('waits for the local data switch, but never longer than asked (a stuck IndexedDB)', async () => {
    let done = false;
    m.setDeviceSession(device({ settled: () => new Promise<void>(() => undefined) }));
    void m.localDataSettled(5000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('resolves as soon as the switch is done', async () => {
    let finish: () => void = () => undefined;
    m.setDeviceSession(device({ settled: () => new Promise<void>((r) => (finish = r)) }));
    let done = false;
    void m.localDataSettled(5000).then(() => {
      done = true;
    });
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('with no database (unregistered again), the switch is not waited for', async () => {
    m.setDeviceSession(null);
    let done = false;
    void m.localDataSettled(5000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
