// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toApi } from '../../../../schema/announcement-api.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { SEARCH_PAGE } from '../../../../schema/search.ts';
import { LISTING_EVENT } from '../../../../schema/sync.ts';
import { openDatabase } from '../../db/database.ts';
import { setCurrentDatabase } from '../../db/registry.ts';
import { SyncClient } from '../../db/sync-client.ts';
import { setSyncClient } from '../../db/sync-status.ts';
import type { HobbizDatabase } from '../../db/types.ts';
import { ALL_CATEGORIES } from '../shell/search-all.ts';
import type { ListingSearch } from './listing-search.ts';
import { type Listing, useListing } from './use-listing.ts';

/**
 * The listing and search results: online, the server's pages (REST here: fetch is the server); offline
 * or unreachable, the same filters and orders over what the phone holds (a real RxDB on memory storage).
 */
const SELLER = 'bbbbbbbbbbbbbbbbbbbbbb01';
const id = (n: number) => `d${String(n).padStart(23, '0')}`;
function ann(n: number, patch: Partial<AnnouncementDoc> = {}): AnnouncementDoc {
  return {
    id: id(n),
    ownerId: SELLER,
    title: `Anunț ${n}`,
    category: 'Prăjituri',
    description: 'Făcut în casă, cu ingrediente naturale.',
    location: 'Cluj',
    localitate: 'Cluj-Napoca',
    contactPerson: 'Maria',
    contactEmail: 'maria@hobbiz.test',
    contactPhone: '0712345678',
    images: [],
    price: 50,
    favoritesCount: 0,
    views: 0,
    createdAt: `2026-01-${String(n).padStart(2, '0')}T10:00:00.000Z`,
    updatedAt: `2026-01-${String(n).padStart(2, '0')}T10:00:00.000Z`,
    active: true,
    ...patch,
  };
}

type Page = {
  items: AnnouncementDoc[];
  nextCursor?: string | null;
  total?: number;
  correctedQuery?: string;
  partialFrom?: number;
};
let db: HobbizDatabase;
let asked: URLSearchParams[];
/** The server's answer to a search, by the request's parameters. */
let answer: (p: URLSearchParams) => Page | 'down' | 'refused';

beforeEach(async () => {
  db = await openDatabase(null, undefined, getRxStorageMemory());
  setCurrentDatabase(db);
  asked = [];
  answer = () => ({ items: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const url = new URL(path, 'https://hobbiz.ro');
      if (url.pathname !== '/api/announcements/search') return Response.json({}, { status: 404 });
      asked.push(url.searchParams);
      const a = answer(url.searchParams);
      if (a === 'down') throw new TypeError('Failed to fetch');
      if (a === 'refused') return Response.json({ error: 'Categorie necunoscută' }, { status: 400 });
      return Response.json({
        items: a.items.map((d) => toApi(d, 1, null)),
        nextCursor: a.nextCursor ?? null,
        total: a.total ?? a.items.length,
        totalCapped: false,
        ...(a.correctedQuery ? { correctedQuery: a.correctedQuery } : {}),
        ...(a.partialFrom !== undefined ? { partialFrom: a.partialFrom } : {}),
      });
    }),
  );
});
afterEach(async () => {
  cleanup();
  setSyncClient(null);
  setCurrentDatabase(null);
  await db.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function listing(category: string, search: ListingSearch) {
  return renderHook(({ c, s }) => useListing(c, s), { initialProps: { c: category, s: search } });
}
async function ready(result: { current: Listing }) {
  await waitFor(() => expect(result.current.state).toBe('ready'));
  return result.current as Extract<Listing, { state: 'ready' }>;
}
const titles = (l: Listing) => (l.state === 'ready' ? l.items.map((a) => a.title) : []);

describe('online: the server searches the whole catalogue', () => {
  it('asks for the first page with the filters and the order in effect', async () => {
    answer = () => ({ items: [ann(1, { title: 'Tort de ciocolată' })], total: 30, nextCursor: 'c2' });
    const { result } = listing('Prăjituri', { q: 'tort', judet: 'Cluj', pret: 'under100' });
    const l = await ready(result);
    expect(l).toMatchObject({ source: 'server', total: 30, hasMore: true, fresh: 0 });
    expect(titles(l)).toEqual(['Tort de ciocolată']);
    expect(Object.fromEntries(asked[0]!)).toEqual({
      category: 'Prăjituri',
      q: 'tort',
      judet: 'Cluj',
      pret: 'under100',
      sort: 'relevance', // words to rank by
      limit: String(SEARCH_PAGE.size),
    });
  });

  it('every category: no category is sent; without words the newest come first', async () => {
    listing(ALL_CATEGORIES, {});
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(Object.fromEntries(asked[0]!)).toEqual({ sort: 'recent', limit: String(SEARCH_PAGE.size) });
  });

  it("'Încarcă mai multe' adds the next page after the shown ones, never twice the same", async () => {
    answer = (p) =>
      p.get('cursor') === 'c2'
        ? { items: [ann(2), ann(3)], nextCursor: null }
        : { items: [ann(1), ann(2)], nextCursor: 'c2', total: 3 };
    const { result } = listing(ALL_CATEGORIES, {});
    const first = await ready(result);
    act(() => first.loadMore());
    expect((result.current as Extract<Listing, { state: 'ready' }>).loadingMore).toBe(true);
    await waitFor(() => expect(titles(result.current)).toEqual(['Anunț 1', 'Anunț 2', 'Anunț 3']));
    expect(result.current).toMatchObject({ hasMore: false, loadingMore: false, total: 3 });
    expect(asked[1]!.get('cursor')).toBe('c2');
  });

  it("shows the server's corrected spelling and where the partial matches begin", async () => {
    answer = () => ({
      items: [ann(1), ann(2), ann(3)],
      correctedQuery: 'fotografie',
      partialFrom: 2,
    });
    const { result } = listing(ALL_CATEGORIES, { q: 'fotografe' });
    const l = await ready(result);
    expect(l.correctedQuery).toBe('fotografie');
    expect(l.partialFrom).toBe(2);
  });

  it('follows the device’s copy: a price changed on the device shows, one deactivated leaves the list', async () => {
    answer = () => ({ items: [ann(1, { price: 40 }), ann(2)] });
    const { result } = listing(ALL_CATEGORIES, {});
    await ready(result);
    await act(async () => {
      await db.announcements.bulkInsert([ann(1, { price: 35 }), ann(2)]);
    });
    await waitFor(() =>
      expect((result.current as Extract<Listing, { state: 'ready' }>).items[0]?.price).toBe(35),
    );
    await act(async () => {
      await db.announcements.upsert(ann(2, { active: false }));
    });
    await waitFor(() => expect(titles(result.current)).toEqual(['Anunț 1']));
    // Removed from the device after it was seen there: it leaves the list too (not back to the server's copy).
    await act(async () => {
      await (await db.announcements.findOne(id(1)).exec())!.remove();
    });
    await waitFor(() => expect(titles(result.current)).toEqual([]));
  });

  it('a search the server refuses (an unknown category in a link) shows nothing, not the phone’s copies', async () => {
    await db.announcements.insert(ann(1, { category: 'Inexistentă' }));
    answer = () => 'refused';
    const { result } = listing('Inexistentă', {});
    const l = await ready(result);
    expect(l).toMatchObject({ source: 'server', items: [], total: 0, hasMore: false });
  });

  it('a changed search asks again and never shows the previous answer for it', async () => {
    answer = (p) => ({ items: [ann(p.get('q') === 'miere' ? 2 : 1)] });
    const { result, rerender } = listing(ALL_CATEGORIES, { q: 'tort' });
    await waitFor(() => expect(titles(result.current)).toEqual(['Anunț 1']));
    rerender({ c: ALL_CATEGORIES, s: { q: 'miere' } });
    expect(result.current.state).toBe('loading');
    await waitFor(() => expect(titles(result.current)).toEqual(['Anunț 2']));
  });
});

describe('offline: the same search over what the phone holds', () => {
  const held = [
    ann(1, { title: 'Tort de ciocolată', price: 120, location: 'Cluj', localitate: 'Florești' }),
    ann(2, { title: 'Tort cu fructe', price: 80, location: 'Cluj', localitate: 'Cluj-Napoca' }),
    ann(3, { title: 'Tort aniversar', price: 30, location: 'Iași', localitate: 'Iași' }),
    ann(4, { title: 'Miere de salcâm', price: 40 }),
    ann(5, { title: 'Tort de nuntă', price: 60, active: false }),
    ann(6, { title: 'Tort diplomat', price: null, location: 'Toată țara', localitate: '' }),
    ann(7, { title: 'Tort de ciocolată', category: 'Bijuterii' }),
  ];
  beforeEach(async () => {
    await db.announcements.bulkInsert(held);
  });

  it('with no answer from the server, runs over the device at once: category, words, place, only active', async () => {
    answer = () => 'down';
    const { result } = listing('Prăjituri', { q: 'tort', judet: 'Cluj', sort: 'price-asc' });
    const l = await ready(result);
    expect(l).toMatchObject({ source: 'device', hasMore: false, totalCapped: false });
    // Country-wide covers Cluj; the unpriced one comes last.
    expect(l.items.map((a) => a.id)).toEqual([id(2), id(1), id(6)]);
    expect(l.total).toBe(3);
  });

  it('the device knows it is offline: the server is not even asked', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = listing('Prăjituri', { pret: 'under50' });
    const l = await ready(result);
    expect(asked).toHaveLength(0);
    // 'Până la 50 lei', newest first without words; the unpriced one matches no price filter.
    expect(l.items.map((a) => a.id)).toEqual([id(4), id(3)]);
  });

  it('ignores diacritics and finds a locality, as the server does', async () => {
    answer = () => 'down';
    const { result } = listing('Prăjituri', { q: 'ciocolata', judet: 'Cluj', localitate: 'Floresti' });
    const l = await ready(result);
    expect(l.items.map((a) => a.id)).toEqual([id(1)]);
  });

  it('ranks by relevance with words: the title before a mention in the description', async () => {
    await db.announcements.bulkInsert([
      ann(20, { title: 'Cutie din lemn', description: 'Pentru bijuterii, lucrată manual din lemn de nuc.' }),
      ann(21, { title: 'Bijuterii din argint', description: 'Cercei și inele lucrate manual.' }),
    ]);
    answer = () => 'down';
    const { result } = listing(ALL_CATEGORIES, { q: 'bijuterii' });
    const l = await ready(result);
    expect(l.items.map((a) => a.id)).toEqual([id(21), id(20)]);
  });

  it("the device's answer follows it live (a copy that arrives joins the list)", async () => {
    answer = () => 'down';
    const { result } = listing('Prăjituri', { q: 'miere' });
    await waitFor(() => expect(titles(result.current)).toEqual(['Miere de salcâm']));
    await act(async () => {
      await db.announcements.insert(ann(8, { title: 'Miere de tei' }));
    });
    await waitFor(() => expect(titles(result.current)).toEqual(['Miere de tei', 'Miere de salcâm']));
  });
});

describe('new matches while the listing is open (issue 20)', () => {
  class ReadySocket {
    static last: ReadySocket;
    onopen: (() => void) | null = null;
    onmessage: ((ev: { data: string }) => void) | null = null;
    onclose: ((ev: { code: number }) => void) | null = null;
    sent: { type: string; params?: unknown }[] = [];
    constructor() {
      ReadySocket.last = this;
      queueMicrotask(() => this.onopen?.());
    }
    send(raw: string) {
      const msg = JSON.parse(raw);
      this.sent.push(msg);
      if (msg.type === 'hello') queueMicrotask(() => this.receive({ type: 'ready', userId: null }));
    }
    receive(msg: unknown) {
      this.onmessage?.({ data: JSON.stringify(msg) });
    }
    close() {}
  }

  it("watches the search shown, offers what starts matching it ('1 anunț nou') and shows it on demand", async () => {
    vi.stubGlobal('WebSocket', ReadySocket);
    const client = new SyncClient(null);
    try {
      await waitFor(() => expect(client.status$.value).toBe('online'));
      setSyncClient(client);
      let published = false;
      answer = () => ({ items: published ? [ann(9), ann(1)] : [ann(1)] });
      const { result } = listing('Prăjituri', { q: 'tort' });
      await ready(result);
      await waitFor(() =>
        expect(ReadySocket.last.sent.filter((m) => m.type === 'watch').at(-1)?.params).toEqual({
          category: 'Prăjituri',
          q: 'tort',
          sort: 'relevance',
        }),
      );
      published = true;
      act(() =>
        ReadySocket.last.receive({ type: 'event', name: LISTING_EVENT, payload: { ids: [id(1), id(9)] } }),
      );
      // Only the one not on the page is new; the list stays put until asked.
      await waitFor(() => expect(result.current).toMatchObject({ fresh: 1 }));
      expect(titles(result.current)).toEqual(['Anunț 1']);
      act(() => (result.current as Extract<Listing, { state: 'ready' }>).showFresh());
      await waitFor(() => expect(titles(result.current)).toEqual(['Anunț 9', 'Anunț 1']));
      expect(result.current).toMatchObject({ fresh: 0 });
    } finally {
      cleanup();
      client.close();
    }
  });
});
