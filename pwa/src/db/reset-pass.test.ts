import { describe, expect, it } from 'vitest';
import { createResetPass } from './reset-pass.ts';

const page = (ids: string[], reset = false) => ({
  documents: ids.map((id) => ({ id, _deleted: false })),
  checkpoint: { seq: ids.length },
  ...(reset ? { reset: true as const } : {}),
});

describe('reset pass after the purge horizon', () => {
  it('does nothing on ordinary pulls', async () => {
    const removed: string[][] = [];
    const observe = createResetPass(async (keep) => void removed.push([...keep]));
    await observe(page(['a', 'b']), 2);
    await observe(page(['c']), 2);
    expect(removed).toEqual([]);
  });

  it('keeps what the fresh pass brought, across pages, and removes the rest once caught up', async () => {
    const removed: string[][] = [];
    const observe = createResetPass(async (keep) => void removed.push([...keep].sort()));
    await observe(page(['a', 'b'], true), 2);
    expect(removed).toEqual([]);
    await observe(page(['c', 'd']), 2);
    await observe(page(['e']), 2);
    expect(removed).toEqual([['a', 'b', 'c', 'd', 'e']]);
    // Later pulls are ordinary again.
    await observe(page(['f']), 2);
    expect(removed).toHaveLength(1);
  });
});
