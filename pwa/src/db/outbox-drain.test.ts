import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/client.ts';
import { classify, type DrainDeps, drain, type Outbox, RETRY_SECONDS } from './outbox-drain.ts';

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
