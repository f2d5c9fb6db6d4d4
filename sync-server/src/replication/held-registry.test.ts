import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { HELD_LIMITS } from '../../../schema/sync.ts';
import { HeldRegistry } from './held-registry.ts';

/**
 * The instance's total of held keys (issue 21, item 3): the working sets' memory is bounded whatever the
 * number of sockets; refused holds change nothing; released and closed sockets give their keys back.
 */
const socket = () => ({}) as WebSocket;
const keys = (from: number, n: number) => ({
  announcements: Array.from({ length: n }, (_, i): [string, number] => [`a${from + i}`, 0]),
});
const add = { replace: false, own: false };

describe('HeldRegistry: the server-wide bound', () => {
  it('refuses growth past the total (server-full), counting a key once per socket', () => {
    const r = new HeldRegistry(10);
    const [x, y, z] = [socket(), socket(), socket()];
    expect(r.hold(x, null, keys(0, 6), add)).toBeNull();
    // The same keys by a second socket count again (each socket's set is memory of its own).
    expect(r.hold(y, null, keys(0, 4), add)).toBeNull();
    expect(r.heldKeys).toBe(10);
    // Keys x already holds add nothing; a new one is refused and nothing of the message is kept.
    expect(r.hold(x, null, keys(0, 6), add)).toBeNull();
    expect(r.hold(z, null, keys(100, 1), add)).toBe('server-full');
    expect(r.holders('announcements', 'a100')).toEqual([]);
    expect(r.heldKeys).toBe(10);
  });

  it('gives keys back on release, replace and close; a smaller replace is always allowed', () => {
    const r = new HeldRegistry(10);
    const [x, y] = [socket(), socket()];
    r.hold(x, null, keys(0, 8), add);
    r.hold(y, null, keys(50, 2), add);
    expect(r.hold(y, null, keys(60, 1), add)).toBe('server-full');
    // Over the total already (the limit lowered, say): replacing by fewer keys still goes through.
    expect(r.hold(x, null, keys(0, 3), { replace: true, own: false })).toBeNull();
    expect(r.heldKeys).toBe(5);
    r.release(x, 'announcements', ['a0', 'a1', 'nothing']);
    expect(r.heldKeys).toBe(3);
    r.remove(y);
    expect(r.heldKeys).toBe(1);
    expect(r.hold(y, null, keys(60, 9), add)).toBeNull();
    expect(r.heldKeys).toBe(10);
  });

  it('keeps the per-socket limit apart (too-many, a bad request)', () => {
    const r = new HeldRegistry();
    expect(r.hold(socket(), null, keys(0, HELD_LIMITS.maxKeysPerKind + 1), add)).toBe('too-many');
    expect(r.heldKeys).toBe(0);
  });
});

describe('HeldRegistry: shares per address and per account (issue 40, item 10)', () => {
  const shares = { perAddress: 10, perAccount: 6 };
  it('an address past its share is refused while another address still holds; closing gives it back', () => {
    const r = new HeldRegistry(100, shares);
    const [x, y, z] = [socket(), socket(), socket()];
    expect(r.hold(x, null, keys(0, 6), { ...add, address: '203.0.113.5' })).toBeNull();
    expect(r.hold(y, null, keys(10, 4), { ...add, address: '203.0.113.5' })).toBeNull();
    expect(r.hold(y, null, keys(20, 1), { ...add, address: '203.0.113.5' })).toBe('address-full');
    expect(r.heldBy({ address: '203.0.113.5' })).toBe(10);
    expect(r.hold(z, null, keys(30, 8), { ...add, address: '198.51.100.7' })).toBeNull();
    // Re-holding what it holds, or replacing by fewer, is no growth: always allowed.
    expect(r.hold(x, null, keys(0, 6), { ...add, address: '203.0.113.5' })).toBeNull();
    expect(r.hold(x, null, keys(0, 2), { replace: true, own: false, address: '203.0.113.5' })).toBeNull();
    expect(r.heldBy({ address: '203.0.113.5' })).toBe(6);
    r.remove(y);
    r.remove(x);
    expect(r.heldBy({ address: '203.0.113.5' })).toBe(0);
    expect(r.hold(y, null, keys(40, 10), { ...add, address: '203.0.113.5' })).toBeNull();
    expect(r.heldKeys).toBe(18);
  });

  it('a hold that must grow a full share is known before it is parsed; re-holding is not', () => {
    const r = new HeldRegistry(100, shares);
    const [x, y] = [socket(), socket()];
    r.hold(x, null, keys(0, 10), { ...add, address: '203.0.113.5' });
    expect(r.shareFull(y, null, '203.0.113.5', 1)).toBe('address-full');
    expect(r.shareFull(x, null, '203.0.113.5', 10)).toBeNull();
    expect(r.shareFull(x, null, '203.0.113.5', 11)).toBe('address-full');
    expect(r.shareFull(y, null, '198.51.100.7', 4000)).toBeNull();
  });

  it('an account past its share is refused whatever the address of its sockets', () => {
    const r = new HeldRegistry(100, shares);
    const [x, y] = [socket(), socket()];
    expect(r.hold(x, 'u1', keys(0, 4), { ...add, address: '203.0.113.5' })).toBeNull();
    expect(r.hold(y, 'u1', keys(10, 3), { ...add, address: '198.51.100.7' })).toBe('account-full');
    expect(r.hold(y, 'u1', keys(10, 2), { ...add, address: '198.51.100.7' })).toBeNull();
    expect(r.heldBy({ userId: 'u1' })).toBe(6);
    r.release(x, 'announcements', ['a0']);
    expect(r.heldBy({ userId: 'u1' })).toBe(5);
    expect(r.heldBy({ address: '203.0.113.5' })).toBe(3);
  });
});
