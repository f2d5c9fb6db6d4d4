// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, TIMINGS } from '../../../../schema/constants.ts';
import { CLOSE_CODES } from '../../../../schema/sync.ts';
import { type DeviceSession, setDeviceSession } from '../../db/device-session.ts';
import { SyncClient } from '../../db/sync-client.ts';
import { setSyncClient } from '../../db/sync-status.ts';
import { takeQueuedFlash } from '../session/flash.ts';
import { session } from '../session/session-store.ts';
import { hideToast, useToast } from './toast.ts';
import { mayLeave, useLogout, useLogoutPrompt } from './use-logout.ts';

/**
 * "Never lose what a user typed" at sign-out: what waits on the device is pushed first, and if some still
 * waits the person decides. The device's database is the boot module's DeviceSession (registered here
 * as the boot would); the server's side is fetch and the sync socket.
 */
type Device = { waiting: number; afterPush: number; pushes: number[] };
let device: Device;
let toastsSeen: (string | null)[];

function register(d: Device): void {
  const s: DeviceSession = {
    unsynced: async () => d.waiting,
    push: async (ms) => {
      d.pushes.push(ms);
      // What the toast says while the push runs.
      toastsSeen.push(toast.result.current?.text ?? null);
      d.waiting = d.afterPush;
      return d.afterPush;
    },
    settled: async () => undefined,
  };
  setDeviceSession(s);
}

/** A socket the server closed for a revoked session ('Ieși din cont de pe toate dispozitivele'). */
class RevokedSocket {
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor() {
    queueMicrotask(() => this.onclose?.({ code: CLOSE_CODES.unauthorized }));
  }
  send() {}
  close() {}
}

let toast: ReturnType<typeof renderHook<ReturnType<typeof useToast>, unknown>>;
let client: SyncClient | null = null;
let fetchCalls: string[];

beforeEach(() => {
  device = { waiting: 0, afterPush: 0, pushes: [] };
  toastsSeen = [];
  register(device);
  toast = renderHook(() => useToast());
  fetchCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      fetchCalls.push(path);
      return new Response('{}');
    }),
  );
  localStorage.setItem(STORAGE_KEYS.token, 't');
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  hideToast();
  client?.close();
  client = null;
  setSyncClient(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('mayLeave', () => {
  it('nothing waiting: leaves at once, without pushing or asking', async () => {
    expect(await mayLeave()).toBe(true);
    expect(device.pushes).toEqual([]);
  });

  it('pushes what waits (for at most 4 s) while saying so, then leaves once all of it is on the server', async () => {
    device.waiting = 2;
    device.afterPush = 0;
    expect(await mayLeave()).toBe(true);
    expect(device.pushes).toEqual([4000]);
    expect(toastsSeen).toEqual(['Se trimit modificările tale pe server…']);
    expect(toast.result.current).toBeNull();
  });

  it('what still waits after the push: the person is asked, and staying keeps the session', async () => {
    device.waiting = 3;
    device.afterPush = 2;
    const prompt = renderHook(() => useLogoutPrompt());
    const answer = mayLeave();
    await vi.waitFor(() => expect(prompt.result.current).not.toBeNull());
    expect(prompt.result.current?.count).toBe(2);
    act(() => prompt.result.current!.answer(false));
    expect(await answer).toBe(false);
    expect(prompt.result.current).toBeNull();
  });

  it('the person may choose to leave anyway', async () => {
    device.waiting = 1;
    device.afterPush = 1;
    const prompt = renderHook(() => useLogoutPrompt());
    const answer = mayLeave();
    await vi.waitFor(() => expect(prompt.result.current).not.toBeNull());
    act(() => prompt.result.current!.answer(true));
    expect(await answer).toBe(true);
  });

  it('a session the server already closed leaves without trying to push (nothing can be sent)', async () => {
    vi.stubGlobal('WebSocket', RevokedSocket);
    client = new SyncClient('t');
    setSyncClient(client);
    await vi.waitFor(() => expect(client!.status$.value).toBe('unauthorized'));
    device.waiting = 5;
    expect(await mayLeave()).toBe(true);
    expect(device.pushes).toEqual([]);
  });
});

describe("'Deconectează-te'", () => {
  it('signs out, keeps the message for the reloaded page, and goes to the home page', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { result } = renderHook(() => useLogout());
    await act(() => result.current());
    expect(fetchCalls).toContain('/auth/logout');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(session.get().status).toBe('guest');
    expect(takeQueuedFlash()).toEqual({
      text: 'Ai fost deconectat din cont.',
      kind: 'info',
      ms: TIMINGS.logoutMessageMs,
    });
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('staying (unsent changes) keeps the person signed in: no request, no reload', async () => {
    device.waiting = 1;
    device.afterPush = 1;
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const prompt = renderHook(() => useLogoutPrompt());
    const { result } = renderHook(() => useLogout());
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current();
    });
    await vi.waitFor(() => expect(prompt.result.current).not.toBeNull());
    // A second click while the first is asking does nothing.
    await act(() => result.current());
    act(() => prompt.result.current!.answer(false));
    await act(() => done);
    expect(fetchCalls).not.toContain('/auth/logout');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t');
    expect(assign).not.toHaveBeenCalled();
    expect(device.pushes).toHaveLength(1);
  });

  it('a caller that already asked passes `checked`; its own message is shown after the reload', async () => {
    device.waiting = 4; // the person has already agreed to lose them
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { result } = renderHook(() => useLogout());
    await act(() => result.current('Ai fost deconectat de pe toate dispozitivele.', { checked: true }));
    expect(device.pushes).toEqual([]);
    expect(takeQueuedFlash()?.text).toBe('Ai fost deconectat de pe toate dispozitivele.');
    expect(assign).toHaveBeenCalledWith('/');
  });
});
