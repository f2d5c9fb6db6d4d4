import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionLost, PendingRequests } from './sync-requests.ts';

afterEach(() => vi.useRealTimers());

describe('PendingRequests (the sync socket requests waiting for an answer)', () => {
  it('gives each request its own id and settles it with its own answer or refusal', async () => {
    const table = new PendingRequests();
    const sent: string[] = [];
    const first = table.add<string>(
      1000,
      (id) => sent.push(id),
      () => undefined,
    );
    const second = table.add<string>(
      1000,
      (id) => sent.push(id),
      () => undefined,
    );
    expect(new Set(sent).size).toBe(2);
    table.settle(sent[1]!, 'b');
    table.settle(sent[0]!, undefined, new Error('forbidden: nu'));
    table.settle(sent[1]!, 'again'); // an id no longer waiting is ignored
    await expect(second).resolves.toBe('b');
    await expect(first).rejects.toThrow('forbidden: nu');
  });

  it('a request unanswered in time is lost (may be sent again) and the dead socket is reported', async () => {
    vi.useFakeTimers();
    const table = new PendingRequests();
    const dropped = vi.fn();
    const waiting = table.add(500, () => undefined, dropped);
    const caught = waiting.catch((e: unknown) => e);
    vi.advanceTimersByTime(499);
    expect(dropped).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(await caught).toBeInstanceOf(ConnectionLost);
    expect(dropped).toHaveBeenCalledOnce();
  });

  it('a closed socket loses every request still waiting, and none of their timers fires later', async () => {
    vi.useFakeTimers();
    const table = new PendingRequests();
    const dropped = vi.fn();
    const all = [1, 2, 3].map(() => table.add(500, () => undefined, dropped).catch((e: unknown) => e));
    table.loseAll();
    for (const e of await Promise.all(all)) expect(e).toBeInstanceOf(ConnectionLost);
    vi.advanceTimersByTime(1000);
    expect(dropped).not.toHaveBeenCalled();
  });
});
