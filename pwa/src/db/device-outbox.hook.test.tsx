// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementInput } from '../../../schema/rules/announcement.ts';
import { deviceOutbox, publishOutbox, useOutbox } from './device-outbox.ts';
import { newPendingAnnouncement, usePendingAnnouncements } from './publish-queue.ts';

// A loaded machine (parallel test files) may need more than the default second.

/** How pages follow a device outbox: read at once, and again after every change made through it. */
beforeEach(() => publishOutbox.clear());
afterEach(cleanup);

const fields = (title: string) => ({ title }) as AnnouncementInput;

describe('useOutbox', () => {
  it('shows `empty` first, then what is stored, then every change', async () => {
    const box = deviceOutbox<string>('hook-a');
    await box.clear();
    await box.put('1', 'primul');
    const { result } = renderHook(() => useOutbox(box, () => box.list(), [] as string[], 'k'));
    expect(result.current).toEqual([]);
    await waitFor(() => expect(result.current).toEqual(['primul']));
    await act(() => box.put('2', 'al doilea'));
    await waitFor(() => expect(result.current).toEqual(['primul', 'al doilea']));
    await act(() => box.delete('1'));
    await waitFor(() => expect(result.current).toEqual(['al doilea']));
  });

  it('nothing to read (null): `empty`, and no read at all', async () => {
    const box = deviceOutbox<string>('hook-b');
    const read = vi.fn(async () => 'x');
    const { result, rerender } = renderHook(({ r }) => useOutbox(box, r, 'gol', 'k'), {
      initialProps: { r: null as (() => Promise<string>) | null },
    });
    expect(result.current).toBe('gol');
    rerender({ r: null });
    expect(read).not.toHaveBeenCalled();
  });

  it('a new key reads again; after unmount changes are no longer followed', async () => {
    const box = deviceOutbox<string>('hook-c');
    await box.clear();
    const reads: string[] = [];
    const { result, rerender, unmount } = renderHook(
      ({ who }) =>
        useOutbox(
          box,
          async () => {
            reads.push(who);
            return `${who}:${(await box.list()).length}`;
          },
          '',
          who,
        ),
      { initialProps: { who: 'ana' } },
    );
    await waitFor(() => expect(result.current).toBe('ana:0'));
    rerender({ who: 'ion' });
    await waitFor(() => expect(result.current).toBe('ion:0'));
    unmount();
    const before = reads.length;
    await box.put('x', 'y');
    expect(reads.length).toBe(before);
  });

  it('a read that fails keeps what was shown', async () => {
    const box = deviceOutbox<string>('hook-d');
    let fail = false;
    const { result } = renderHook(() =>
      useOutbox(
        box,
        async () => {
          if (fail) throw new Error('IndexedDB indisponibil');
          return 'bun';
        },
        '',
        'k',
      ),
    );
    await waitFor(() => expect(result.current).toBe('bun'));
    fail = true;
    await act(() => box.put('z', 'z'));
    await new Promise((r) => setTimeout(r, 10));
    expect(result.current).toBe('bun');
  });
});

describe('usePendingAnnouncements', () => {
  it('shows only the signed-in person’s waiting announcements, oldest first; none for a guest', async () => {
    const a = {
      ...newPendingAnnouncement('u1', fields('Primul'), [], 'p1'),
      queuedAt: '2026-01-01T10:00:00.000Z',
    };
    const b = {
      ...newPendingAnnouncement('u1', fields('Al doilea'), [], 'p2'),
      queuedAt: '2026-01-01T11:00:00.000Z',
    };
    const other = newPendingAnnouncement('u2', fields('Al altcuiva'), [], 'p3');
    await publishOutbox.put(b.id, b);
    await publishOutbox.put(other.id, other);
    await publishOutbox.put(a.id, a);
    const { result, rerender } = renderHook(({ who }) => usePendingAnnouncements(who), {
      initialProps: { who: 'u1' as string | null },
    });
    await waitFor(() => expect(result.current.map((p) => p.id)).toEqual(['p1', 'p2']));
    // Sent (or discarded): the card goes.
    await act(() => publishOutbox.delete('p1'));
    await waitFor(() => expect(result.current.map((p) => p.id)).toEqual(['p2']));
    rerender({ who: null });
    await waitFor(() => expect(result.current).toEqual([]));
  });
});
