// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../../../schema/constants.ts';
import type { SyncClient } from '../../db/sync-client.ts';
import { setSyncClient } from '../../db/sync-status.ts';
import { useOtherTyping, useTypingSender } from './use-typing.ts';

/**
 * The typing indicator both ways. The sync socket is the network edge: a stand-in client records what
 * would go out and replays the server's events.
 */
let socket: { sendTyping: ReturnType<typeof vi.fn>; events$: Subject<{ name: string; payload: unknown }> };
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  socket = { sendTyping: vi.fn(), events$: new Subject() };
  setSyncClient(socket as unknown as SyncClient);
});
afterEach(() => {
  cleanup();
  setSyncClient(null);
  vi.useRealTimers();
});

const C = 'seller-buyer-ann';

describe('useTypingSender', () => {
  it('says ‘typing’ once on the first keystroke and ‘stopped’ after 2 s without one', () => {
    const { result } = renderHook(() => useTypingSender(C));
    result.current.keystroke();
    vi.advanceTimersByTime(1_500);
    result.current.keystroke();
    result.current.keystroke();
    expect(socket.sendTyping.mock.calls).toEqual([[C, true]]);
    vi.advanceTimersByTime(TIMINGS.typingStopMs - 1);
    expect(socket.sendTyping).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(socket.sendTyping.mock.calls).toEqual([
      [C, true],
      [C, false],
    ]);
    result.current.keystroke();
    expect(socket.sendTyping).toHaveBeenLastCalledWith(C, true);
  });

  it('stops at once on send or blur, and says nothing when it was not typing', () => {
    const { result } = renderHook(() => useTypingSender(C));
    result.current.stop();
    expect(socket.sendTyping).not.toHaveBeenCalled();
    result.current.keystroke();
    result.current.stop();
    expect(socket.sendTyping.mock.calls).toEqual([
      [C, true],
      [C, false],
    ]);
    vi.advanceTimersByTime(TIMINGS.typingStopMs * 2);
    expect(socket.sendTyping).toHaveBeenCalledTimes(2);
  });

  it('stops when the conversation is left', () => {
    const { result, unmount } = renderHook(() => useTypingSender(C));
    result.current.keystroke();
    unmount();
    expect(socket.sendTyping).toHaveBeenLastCalledWith(C, false);
  });

  it('sends nothing before a conversation exists', () => {
    const { result } = renderHook(() => useTypingSender(null));
    result.current.keystroke();
    vi.advanceTimersByTime(TIMINGS.typingStopMs);
    expect(socket.sendTyping).not.toHaveBeenCalled();
  });
});

describe('useOtherTyping', () => {
  const typing = (conversationId: string, isTyping: boolean) =>
    act(() =>
      socket.events$.next({ name: 'userTyping', payload: { conversationId, userId: 'u2', isTyping } }),
    );

  it('follows the other person’s typing in this conversation only', () => {
    const { result } = renderHook(() => useOtherTyping(C));
    expect(result.current).toBe(false);
    typing('another-conversation', true);
    expect(result.current).toBe(false);
    typing(C, true);
    expect(result.current).toBe(true);
    typing(C, false);
    expect(result.current).toBe(false);
  });

  it('turns off when their message arrives', () => {
    const { result } = renderHook(() => useOtherTyping(C));
    typing(C, true);
    act(() => socket.events$.next({ name: 'newMessage', payload: { conversationId: 'other' } }));
    expect(result.current).toBe(true);
    act(() => socket.events$.next({ name: 'newMessage', payload: { conversationId: C } }));
    expect(result.current).toBe(false);
  });

  it('does not stay on for ever when the ‘stop’ was lost, and a new ‘typing’ restarts the wait', () => {
    const { result } = renderHook(() => useOtherTyping(C));
    typing(C, true);
    act(() => vi.advanceTimersByTime(3 * TIMINGS.typingStopMs - 100));
    typing(C, true);
    act(() => vi.advanceTimersByTime(3 * TIMINGS.typingStopMs - 100));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(false);
  });

  it('starts off in another conversation, and follows a sync client that appears later', () => {
    const { result, rerender } = renderHook(({ id }) => useOtherTyping(id), { initialProps: { id: C } });
    typing(C, true);
    rerender({ id: 'next-conversation' });
    expect(result.current).toBe(false);

    const later = { sendTyping: vi.fn(), events$: new Subject<{ name: string; payload: unknown }>() };
    act(() => setSyncClient(later as unknown as SyncClient));
    act(() =>
      later.events$.next({
        name: 'userTyping',
        payload: { conversationId: 'next-conversation', isTyping: true },
      }),
    );
    expect(result.current).toBe(true);
  });
});
