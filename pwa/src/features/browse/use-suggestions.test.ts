// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { openDatabase } from '../../db/database.ts';
import { setCurrentDatabase } from '../../db/registry.ts';
import type { HobbizDatabase } from '../../db/types.ts';
import { useSuggestions } from './use-suggestions.ts';

/**
 * Suggestions while typing (issue 20, item 7): the server's after a short pause, else the same rule over
 * the titles this phone holds. fetch is the server; the device is a real RxDB on memory storage.
 */
let db: HobbizDatabase;
let asked: string[];
let down: boolean;

const ann = (n: number, title: string, active = true): AnnouncementDoc => ({
  id: `e${String(n).padStart(23, '0')}`,
  ownerId: 'bbbbbbbbbbbbbbbbbbbbbb01',
  title,
  category: 'Prăjituri',
  description: 'Făcut în casă.',
  location: 'Cluj',
  localitate: '',
  contactPerson: 'Maria',
  contactEmail: 'maria@hobbiz.test',
  contactPhone: '0712345678',
  images: [],
  price: 10,
  favoritesCount: 0,
  views: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  active,
});

beforeEach(async () => {
  vi.useFakeTimers();
  asked = [];
  down = false;
  db = await openDatabase(null, ['announcements'], getRxStorageMemory());
  setCurrentDatabase(db);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(decodeURIComponent(path.split('?q=')[1] ?? ''));
      if (down) throw new TypeError('Failed to fetch');
      return Response.json({ suggestions: [{ text: 'tort de ciocolată' }] });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  setCurrentDatabase(null);
  await db.remove();
  vi.unstubAllGlobals();
});

async function typing(text: string, enabled = true) {
  const hook = renderHook(({ t, e }) => useSuggestions(t, e), { initialProps: { t: text, e: enabled } });
  return hook;
}

describe('useSuggestions', () => {
  it('asks the server only after a pause in typing, for what is typed then', async () => {
    const { result, rerender } = await typing('to');
    await act(() => vi.advanceTimersByTimeAsync(60));
    rerender({ t: 'tor', e: true });
    await act(() => vi.advanceTimersByTimeAsync(60));
    rerender({ t: 'tort', e: true });
    await act(() => vi.advanceTimersByTimeAsync(119));
    expect(asked).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(asked).toEqual(['tort']);
    expect(result.current).toEqual([{ text: 'tort de ciocolată' }]);
  });

  it('nothing to complete (one letter, a finished word, the box closed): no request, no list', async () => {
    for (const [t, e] of [
      ['t', true],
      ['tort ', true],
      ['tort', false],
    ] as const) {
      const { result } = await typing(t, e);
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(result.current, `${t}/${e}`).toEqual([]);
      cleanup();
    }
    expect(asked).toEqual([]);
  });

  it('offline, completes from the titles this phone holds (active ones only), topics first', async () => {
    down = true;
    await db.announcements.bulkInsert([
      ann(1, 'Tort de ciocolată'),
      ann(2, 'Tort cu fructe'),
      ann(3, 'Torturi pentru nuntă'),
      ann(4, 'Tortilla mexicană', false),
    ]);
    const { result } = await typing('miere tor');
    await act(() => vi.advanceTimersByTimeAsync(120));
    const texts = result.current.map((s) => s.text);
    // The words already typed stay before the completed one; one form of a word, the most held ('tort',
    // not also 'torturi').
    expect(texts).toContain('miere tort');
    expect(texts).not.toContain('miere torturi');
    expect(texts.some((t) => t.includes('tortilla'))).toBe(false);
  });

  it('a newer text replaces the answer of the older one (it never arrives late over it)', async () => {
    let release: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path.endsWith('q=tor')
          ? new Promise<Response>((r) => {
              release = r;
            })
          : Response.json({ suggestions: [{ text: 'miere de salcâm' }] }),
      ),
    );
    const { result, rerender } = await typing('tor');
    await act(() => vi.advanceTimersByTimeAsync(120));
    rerender({ t: 'miere', e: true });
    await act(() => vi.advanceTimersByTimeAsync(120));
    expect(result.current).toEqual([{ text: 'miere de salcâm' }]);
    await act(async () => release(Response.json({ suggestions: [{ text: 'tort' }] })));
    expect(result.current).toEqual([{ text: 'miere de salcâm' }]);
  });
});
