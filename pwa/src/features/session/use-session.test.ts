// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, TIMINGS } from '../../../../schema/constants.ts';

/**
 * When the session is checked again (spec doc 1 §4): at the first load (forced), when the page comes
 * back (visibility, focus, network), every minute while visible; the store's throttle spares the server.
 */
const PROFILE = { _id: 'u1', firstName: 'Ana', lastName: 'Pop', email: 'ana@hobbiz.test', avatar: '' };
let checks: number;

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 't');
  localStorage.setItem('hobbiz_profile', JSON.stringify(PROFILE));
  checks = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/users/auth/check') {
        checks++;
        return new Response(JSON.stringify({ isAuthenticated: true, avatar: null, googleAvatar: null }));
      }
      return new Response(JSON.stringify(PROFILE));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function mount() {
  const { useSession, useSessionRefresh } = await import('./use-session.ts');
  const hook = renderHook(() => {
    useSessionRefresh();
    return useSession();
  });
  await vi.advanceTimersByTimeAsync(0);
  return hook;
}

describe('useSessionRefresh', () => {
  it('checks the session once at the first load and then every minute', async () => {
    const { result } = await mount();
    expect(checks).toBe(1);
    expect(result.current.status).toBe('user');
    await vi.advanceTimersByTimeAsync(TIMINGS.sessionRefreshPeriodMs);
    expect(checks).toBe(2);
    await vi.advanceTimersByTimeAsync(TIMINGS.sessionRefreshPeriodMs);
    expect(checks).toBe(3);
  });

  it('checks again when the window regains focus or the network, at most once per throttle window', async () => {
    await mount();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toBe(1); // just checked at load
    await vi.advanceTimersByTimeAsync(TIMINGS.sessionRefreshThrottleMs);
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toBe(2);
  });

  it('stops listening once unmounted', async () => {
    const { unmount } = await mount();
    unmount();
    await vi.advanceTimersByTimeAsync(TIMINGS.sessionRefreshPeriodMs * 2);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toBe(1);
  });

  it('a session ended by the server shows in every component at once', async () => {
    const { result } = await mount();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'Sesiune expirată' }), { status: 401 })),
    );
    await vi.advanceTimersByTimeAsync(TIMINGS.sessionRefreshPeriodMs);
    expect(result.current).toMatchObject({ status: 'guest', expired: true });
  });
});
