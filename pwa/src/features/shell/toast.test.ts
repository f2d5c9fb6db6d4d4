// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hideToast, showToast, useToast } from './toast.ts';

beforeEach(() => {
  vi.useFakeTimers();
  hideToast();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows a message for its time, then hides it', () => {
    const { result } = renderHook(() => useToast());
    act(() => showToast('Anunț eliminat din favorite.', 'success', 2000));
    expect(result.current).toMatchObject({ text: 'Anunț eliminat din favorite.', kind: 'success' });
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBeNull();
  });

  it('is informative for 3 s by default', () => {
    const { result } = renderHook(() => useToast());
    act(() => showToast('Salvat pe dispozitiv.'));
    expect(result.current?.kind).toBe('info');
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBeNull();
  });

  it('a newer message replaces the shown one and gets its full time (the old timer does not cut it short)', () => {
    const { result } = renderHook(() => useToast());
    act(() => showToast('Primul', 'info', 1000));
    const first = result.current!.id;
    act(() => vi.advanceTimersByTime(900));
    act(() => showToast('Al doilea', 'error', 1000));
    expect(result.current).toMatchObject({ text: 'Al doilea', kind: 'error' });
    // A new id: the same text shown twice is shown again (animations key on it).
    expect(result.current!.id).not.toBe(first);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current?.text).toBe('Al doilea');
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBeNull();
  });

  it('hideToast hides at once, and a hidden toast does not come back with its old timer', () => {
    const { result } = renderHook(() => useToast());
    act(() => showToast('Se trimit modificările tale pe server…', 'info', 5000));
    act(() => hideToast());
    expect(result.current).toBeNull();
    act(() => showToast('Altceva', 'info', 10_000));
    act(() => vi.advanceTimersByTime(6000));
    expect(result.current?.text).toBe('Altceva');
  });
});
