import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api/client.ts';
import {
  classify,
  type DrainDeps,
  drain,
  drainAll,
  type Outbox,
  RETRY_SECONDS,
  registerOutbox,
  UNSENDABLE,
} from './outbox-drain.ts';
import type { SyncClient } from './sync-client.ts';
import { setSyncClient } from './sync-status.ts';

/** A queue in memory: `answers` says what each send of an item does (ok, or an error thrown). */
function queue(items: string[], answers: Record<string, unknown[]>) {
  const left = [...items];
  const log: string[] = [];
  const box: Outbox<string> = {
    name: `q-${Math.random()}`,
    waiting: async () => [...left],
    send: async (item) => {
      const next = answers[item]?.shift();
      if (next instanceof Error) throw next;
      left.splice(left.indexOf(item), 1);
      log.push(`sent ${item}`);
    },
    refused: async (item, reason) => {
      left.splice(left.indexOf(item), 1);
      log.push(`refused ${item}: ${reason}`);
    },
    notify: (m) => log.push(`said ${m}`),
  };
  return { box, left, log };
}

function deps(linkUp: boolean) {
  const timers: { key: string; seconds?: number; fn: () => void }[] = [];
  const d: DrainDeps = {
    linkUp: () => linkUp,
    later: (key, fn, seconds) => timers.push({ key, fn, seconds }),
  };
  return { d, timers };
}

describe('the one retry rule of the device outboxes', () => {
  it('classifies every failure', () => {
    expect(classify(new ApiError('x', 401))).toEqual({ kind: 'signed-out' });
    expect(classify(new NetworkError('down'))).toEqual({ kind: 'unreachable' });
    expect(classify(new ApiError('x', 503))).toEqual({ kind: 'unreachable' });
    expect(classify(new ApiError('Prea multe', 429, 'rate_limited', 30))).toEqual({
      kind: 'limited',
      seconds: 30,
      message: 'Prea multe',
    });
    expect(classify(new ApiError('Titlul este prea scurt', 400))).toEqual({
      kind: 'refused',
      reason: 'Titlul este prea scurt',
    });
  });

  it('a full quota of stored bytes (413, 507: issue 40) is a refusal with the server’s words, never retried', () => {
    const full = 'Ai atins limita de spațiu pentru fișiere: 300 MB într-o zi. Poți încărca din nou mâine.';
    expect(classify(new ApiError(full, 413, 'quota_exceeded'))).toEqual({ kind: 'refused', reason: full });
    const server = 'Serverul nu mai are spațiu pentru fișiere noi. Încearcă mai târziu.';
    expect(classify(new ApiError(server, 507, 'storage_full'))).toEqual({ kind: 'refused', reason: server });
  });

  it('sends in order; a refusal is handed back and the next item still goes', async () => {
    const { box, left, log } = queue(['a', 'b', 'c'], { b: [new ApiError('Refuzat', 400)] });
    const { d, timers } = deps(true);
    await drain(box, d);
    expect(log).toEqual(['sent a', 'refused b: Refuzat', 'sent c']);
    expect(left).toEqual([]);
    expect(timers).toEqual([]);
  });

  it('offline: stops at the first unreachable item, keeps it and the rest, schedules nothing', async () => {
    const { box, left, log } = queue(['a', 'b'], { a: [new NetworkError('down')] });
    const { d, timers } = deps(false);
    await drain(box, d);
    expect(log).toEqual([]);
    expect(left).toEqual(['a', 'b']);
    expect(timers).toEqual([]);
  });

  it('link up but the request failed (lost answer, 5xx): tries again in RETRY_SECONDS, then sends', async () => {
    const { box, left, log } = queue(['a'], { a: [new ApiError('x', 502)] });
    const { d, timers } = deps(true);
    await drain(box, d);
    expect(timers.map((t) => t.seconds)).toEqual([RETRY_SECONDS]);
    timers[0]!.fn();
    await new Promise((r) => setTimeout(r, 0));
    await drain(box, d);
    expect(log).toEqual(['sent a']);
    expect(left).toEqual([]);
  });

  it('401 stops and keeps everything for when the person is back', async () => {
    const { box, left } = queue(['a', 'b'], { a: [new ApiError('x', 401)] });
    const { d, timers } = deps(true);
    await drain(box, d);
    expect(left).toEqual(['a', 'b']);
    expect(timers).toEqual([]);
  });

  it('429 says why and waits for Retry-After', async () => {
    const { box, left, log } = queue(['a'], { a: [new ApiError('Ai publicat prea multe', 429, 'x', 42)] });
    const { d, timers } = deps(true);
    await drain(box, d);
    expect(log).toEqual(['said Ai publicat prea multe']);
    expect(timers.map((t) => t.seconds)).toEqual([42]);
    expect(left).toEqual(['a']);
  });

  it('one drain per outbox at a time: a second call joins the first', async () => {
    const { box, log } = queue(['a'], {});
    const { d } = deps(true);
    await Promise.all([drain(box, d), drain(box, d)]);
    expect(log).toEqual(['sent a']);
  });
});

describe('more of the retry rule', () => {
  it('what is not an answer of the server is refused in Romanian words, never in its own', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(classify('quota')).toEqual({ kind: 'refused', reason: UNSENDABLE });
    expect(classify(new TypeError('Failed to execute "append" on "FormData"'))).toEqual({
      kind: 'refused',
      reason: UNSENDABLE,
    });
    quiet.mockRestore();
    // 4xx other than 401 and 429 are refusals of this item, not of the queue.
    expect(classify(new ApiError('Anunțul nu mai există', 404)).kind).toBe('refused');
    expect(classify(new ApiError('x', 500)).kind).toBe('unreachable');
    expect(classify(new ApiError('x', 499)).kind).toBe('refused');
  });

  it('a 429 without Retry-After leaves the wait to the default', async () => {
    const { box } = queue(['a'], { a: [new ApiError('Prea multe', 429)] });
    const { d, timers } = deps(false);
    await drain(box, d);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.seconds).toBeUndefined();
    expect(timers[0]?.key).toBe(box.name);
  });

  it('after a stop, the next drain starts again from the item that failed', async () => {
    const { box, left, log } = queue(['a', 'b'], { a: [new ApiError('x', 401)] });
    const { d } = deps(true);
    await drain(box, d);
    expect(log).toEqual([]);
    await drain(box, d);
    expect(log).toEqual(['sent a', 'sent b']);
    expect(left).toEqual([]);
  });

  it('items queued while a drain runs wait for the next drain (it read the list once)', async () => {
    const { box, left, log } = queue(['a'], {});
    const { d } = deps(true);
    const running = drain(box, d);
    left.push('late');
    await running;
    expect(log).toEqual(['sent a']);
    await drain(box, d);
    expect(log).toEqual(['sent a', 'sent late']);
  });

  it('a refused item whose refused() throws does not hide the failure', async () => {
    const { box } = queue(['a'], { a: [new ApiError('Refuzat', 400)] });
    box.refused = async () => {
      throw new Error('IndexedDB plin');
    };
    await expect(drain(box, deps(true).d)).rejects.toThrow('IndexedDB plin');
    // The queue is free again for the next try.
    box.refused = async () => {};
    await expect(drain(box, deps(true).d)).resolves.toBeUndefined();
  });
});

describe('the default link and timer (the sync client, retryLater)', () => {
  afterEach(() => {
    setSyncClient(null);
    vi.useRealTimers();
  });
  const client = (status: string) => ({ status$: { value: status } }) as unknown as SyncClient;

  it('link up: a 5xx is tried again RETRY_SECONDS later on its own', async () => {
    vi.useFakeTimers();
    setSyncClient(client('online'));
    const { box, log } = queue(['a'], { a: [new ApiError('x', 503)] });
    await drain(box);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(RETRY_SECONDS * 1000 - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    expect(log).toEqual(['sent a']);
  });

  it('link down (offline, or no client yet): nothing is scheduled; the next online drains', async () => {
    vi.useFakeTimers();
    setSyncClient(client('offline'));
    const { box, log } = queue(['a'], { a: [new NetworkError('down')] });
    await drain(box);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(log).toEqual([]);
    setSyncClient(null);
    await drain(box);
    expect(log).toEqual(['sent a']);
  });
});

describe('drainAll', () => {
  it('runs every registered outbox; one that fails does not stop the others', async () => {
    const ran: string[] = [];
    const offA = registerOutbox('t-publish', async () => {
      ran.push('publish');
      throw new Error('boom');
    });
    const offB = registerOutbox('t-chat', async () => {
      ran.push('chat');
    });
    await expect(drainAll()).resolves.toBeUndefined();
    expect(ran.sort()).toEqual(['chat', 'publish']);
    offA();
    await drainAll();
    expect(ran.filter((r) => r === 'publish')).toHaveLength(1);
    offB();
  });

  it('a newer registration under the same name replaces the old; the old removal leaves it alone', async () => {
    const ran: string[] = [];
    const offOld = registerOutbox('t-same', async () => void ran.push('old'));
    const offNew = registerOutbox('t-same', async () => void ran.push('new'));
    offOld();
    await drainAll();
    expect(ran).toEqual(['new']);
    offNew();
    await drainAll();
    expect(ran).toEqual(['new']);
  });
});
