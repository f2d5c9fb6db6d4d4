// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../db/sync-wait.ts';
import { steadyStatus, useSyncState } from './SyncStatusChip.tsx';

/** The sync client's status as a store the test moves (a socket trying again on a weak link). */
const link = vi.hoisted(() => {
  let status: SyncStatus = 'connecting';
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(next: SyncStatus) {
      status = next;
      for (const fn of listeners) fn();
    },
    subscribe(fn: () => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
});
vi.mock('../../db/sync-status.ts', () => ({
  useSyncStatus: () => useSyncExternalStore(link.subscribe, link.get),
  useSyncLimited: () => false,
}));
vi.mock('../../db/pending-count.ts', () => ({ usePendingChanges: () => 0 }));
vi.mock('../session/use-session.ts', () => ({ useSession: () => ({ status: 'user' }) }));

afterEach(cleanup);

describe('the offline line on a weak link (issue 45, item 11a)', () => {
  it('stays while the socket tries again and fails, and goes only when it connects', () => {
    link.set('connecting');
    const { result } = renderHook(() => useSyncState());
    expect(result.current).toBeNull(); // starting up: nothing to say yet
    act(() => link.set('offline'));
    const offline = { text: 'Offline · afișăm datele salvate', tone: 'off' };
    expect(result.current).toEqual(offline);
    // Every reconnect attempt: the line does not blink (the page under it would jump by its height).
    for (let attempt = 0; attempt < 3; attempt++) {
      act(() => link.set('connecting'));
      expect(result.current).toEqual(offline);
      act(() => link.set('offline'));
      expect(result.current).toEqual(offline);
    }
    act(() => link.set('connecting'));
    act(() => link.set('online'));
    expect(result.current).toEqual({ text: 'Sincronizat', tone: 'ok' });
  });

  it('keeps a reconnect after the link was down offline, and nothing else', () => {
    expect(steadyStatus('offline', 'connecting')).toBe('offline');
    expect(steadyStatus('online', 'connecting')).toBe('connecting');
    expect(steadyStatus('offline', 'online')).toBe('online');
    expect(steadyStatus('offline', 'unauthorized')).toBe('unauthorized');
  });
});
