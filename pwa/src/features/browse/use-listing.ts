import { useEffect, useMemo, useRef, useState } from 'react';
import { map } from 'rxjs';
import { heldFromApi } from '../../../../schema/announcement-api.ts';
import type { searchPage } from '../../../../schema/api/announcements.ts';
import { matchesTopic, topicQuery } from '../../../../schema/catalog/topics.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { dayNumber, relevanceOrder } from '../../../../schema/rank.ts';
import {
  compareAnnouncements,
  effectiveSort,
  matchesPlace,
  matchesPriceFilter,
  matchesSearch,
  SEARCH_PAGE,
} from '../../../../schema/search.ts';
import { LISTING_EVENT, type QueryResult } from '../../../../schema/sync.ts';
import { both, textQueryOf } from '../../../../schema/text.ts';
import type { Answer } from '../../api/client.ts';
import { ApiError, api } from '../../api/client.ts';
import { currentWorkingSet } from '../../db/registry.ts';
import { currentSyncClient, onSyncEvent, useSyncStatus, withSyncClient } from '../../db/sync-status.ts';
import { keepShown } from '../../db/use-held.ts';
import { useRx } from '../../db/use-rx.ts';
import { ALL_CATEGORIES } from '../shell/search-all.ts';
import type { ListingSearch } from './listing-search.ts';

export type Listing =
  | { state: 'loading' }
  | {
      state: 'ready';
      /** Where the list comes from: the server's search, or what this phone holds (offline). */
      source: 'server' | 'device';
      items: AnnouncementDoc[];
      total: number;
      /** More than SEARCH_PAGE.countCap: `total` is that cap. */
      totalCapped: boolean;
      hasMore: boolean;
      loadingMore: boolean;
      loadMore: () => void;
      /** The spelling the server searched instead of what was typed ('Rezultate pentru „…”'). */
      correctedQuery?: string;
      /** Index in `items` where the announcements holding only some of the words begin. */
      partialFrom?: number;
      /** Announcements published (or changed) into this search since it was shown: '1 anunț nou'. */
      fresh: number;
      /** Shows them: the first page again, from the top. */
      showFresh: () => void;
    };

type Pages = {
  key: string;
  ids: string[];
  /** The server's copies, shown until the device's live copies are there. */
  docs: Map<string, AnnouncementDoc>;
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
  correctedQuery?: string;
  /** The announcements holding only some of the words (shown below a divider). */
  partial?: Set<string>;
};

function paramsOf(category: string, s: ListingSearch): Record<string, unknown> {
  return {
    ...(category === ALL_CATEGORIES ? {} : { category }),
    ...(s.q ? { q: s.q } : {}),
    ...(s.subiect ? { subiect: s.subiect } : {}),
    ...(s.judet ? { judet: s.judet } : {}),
    ...(s.localitate ? { localitate: s.localitate } : {}),
    ...(s.pret ? { pret: s.pret } : {}),
    sort: effectiveSort(s.q, s.sort, !!s.subiect),
    ...(s.exact ? { exact: 1 } : {}),
    limit: SEARCH_PAGE.size,
  };
}

/** One page from the server: over the sync socket when it is up (results become held), else REST. */
async function fetchPage(params: Record<string, unknown>): Promise<QueryResult> {
  const ws = currentWorkingSet();
  if (ws && currentSyncClient()?.status$.value === 'online') return ws.query(params);
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  const page = await api<Answer<typeof searchPage>>(`/api/announcements/search?${query}`);
  const items = page.items.map(heldFromApi);
  // Kept once the device's database is up, so what was shown stays readable offline.
  keepShown(items, true);
  return { ...page, items };
}

/** A search the server refused (400 over REST, 'bad-request' over the socket), as opposed to no answer. */
function refused(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 400;
  return err instanceof Error && err.message.startsWith('bad-request:');
}

/** The device's own copy of a search (offline): the same rules and orders, over the working set. */
function useDeviceListing(
  category: string,
  s: ListingSearch,
  enabled: boolean,
): AnnouncementDoc[] | undefined {
  const all = category === ALL_CATEGORIES;
  return useRx(
    (db) =>
      enabled
        ? // Every active announcement held: the relevance statistics are taken over all of them, as the
          // server takes them over its whole index (schema/rank.ts).
          db.announcements.find({ selector: { active: true } }).$.pipe(
            map((held) => {
              const sort = effectiveSort(s.q, s.sort, !!s.subiect);
              const topic = topicQuery(s.subiect ?? '', all ? undefined : category);
              const corpus = held.map((d) => d.toMutableJSON() as AnnouncementDoc);
              const found = corpus.filter(
                (a) =>
                  (all || a.category === category) &&
                  matchesSearch(s.q ?? '', a.title, a.description) &&
                  matchesTopic(topic, a.title, a.description) &&
                  matchesPriceFilter(a.price, s.pret) &&
                  matchesPlace(a, s.judet, s.localitate),
              );
              if (sort !== 'relevance') return found.sort(compareAnnouncements(sort));
              const words = textQueryOf(s.q ?? '');
              return relevanceOrder(both(words, topic), found, corpus, { words, today: dayNumber() });
            }),
          )
        : null,
    [enabled, category, s.q, s.subiect, s.judet, s.localitate, s.pret, s.sort],
  );
}

/**
 * The listing and search results. Online, the server searches the whole catalogue and answers a page
 * at a time ('Încarcă mai multe'); each page lands in the device's working set, and what is shown follows
 * the device's live copies (a price change appears as it happens). Offline — or when the server cannot
 * be reached — the same filters run over what this phone holds, at once, without waiting for a network.
 */
export function useListing(category: string, search: ListingSearch): Listing {
  const params = useMemo(() => paramsOf(category, search), [category, search]);
  const key = JSON.stringify(params);
  const [pages, setPages] = useState<Pages | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const alive = useRef(key);
  /** Ids of these results the device has held a live copy of (per search). */
  const seen = useRef({ key: '', ids: new Set<string>() });

  // Offline (no network, or the sync socket known to be closed): what the phone holds, at once. When the
  // socket is back, the server is asked again.
  const status = useSyncStatus();
  const unreachable =
    status === 'offline' || (typeof navigator !== 'undefined' && navigator.onLine === false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a status change triggers a new attempt
  useEffect(() => {
    if (status === 'online' && failed === key) setAttempt((n) => n + 1);
  }, [status]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-asks the server once it is reachable
  useEffect(() => {
    alive.current = key;
    setPages(null);
    setFailed(null);
    if (unreachable) {
      setFailed(key);
      return;
    }
    fetchPage(params).then(
      (r) => {
        if (alive.current !== key) return;
        const docs = r.items.map((i) => i.doc);
        setPages({
          key,
          ids: docs.map((d) => d.id),
          docs: new Map(docs.map((d) => [d.id, d])),
          nextCursor: r.nextCursor,
          total: r.total,
          totalCapped: r.totalCapped,
          correctedQuery: r.correctedQuery,
          partial:
            r.partialFrom === undefined ? undefined : new Set(docs.slice(r.partialFrom).map((d) => d.id)),
        });
      },
      (err: unknown) => {
        if (alive.current !== key) return;
        // The server answered: nothing matches what was asked (e.g. an unknown category in a link).
        if (refused(err)) {
          setPages({ key, ids: [], docs: new Map(), nextCursor: null, total: 0, totalCapped: false });
        } else setFailed(key);
      },
    );
  }, [key, params, attempt]);

  // Live (issue 20, item 6): the server is told which search this page shows and names the announcements
  // that start matching it; those not on the page are offered with '1 anunț nou' (the list stays put).
  const [fresh, setFresh] = useState<Set<string>>(() => new Set());
  const watchQ = pages?.key === key ? (pages.correctedQuery ?? null) : null;
  const shownIds = pages?.key === key ? pages.ids : null;
  const shown = useRef<string[]>([]);
  shown.current = shownIds ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: one watch per shown search (key, spelling)
  useEffect(() => {
    setFresh(new Set());
    if (!shownIds) return;
    const { cursor: _c, limit: _l, ...search } = params as Record<string, unknown>;
    const watched = watchQ ? { ...search, q: watchQ } : search;
    // The sync client appears once the device's database has booted (after the first page, often).
    const offClient = withSyncClient((c) => c?.watch(watched));
    const off = onSyncEvent((e) => {
      if (e.name !== LISTING_EVENT) return;
      const ids = (e.payload as { ids?: unknown }).ids;
      if (!Array.isArray(ids)) return;
      const added = ids.filter((id): id is string => typeof id === 'string' && !shown.current.includes(id));
      if (added.length > 0) setFresh((f) => new Set([...f, ...added]));
    });
    return () => {
      offClient();
      off();
      currentSyncClient()?.watch(null);
    };
  }, [key, watchQ, shownIds !== null]);

  const offline = failed === key;
  const device = useDeviceListing(category, search, offline);
  const ids = pages?.ids ?? [];
  const idsKey = `${pages?.key}|${ids.join(',')}`;
  // Tagged with the ids it was read for: a map of the previous results is never taken for these.
  const liveRead = useRx(
    (db) =>
      ids.length
        ? db.announcements.findByIds(ids).$.pipe(
            map((m) => ({
              idsKey,
              docs: new Map([...m].map(([id, d]) => [id, d.toMutableJSON() as AnnouncementDoc])),
            })),
          )
        : null,
    [idsKey],
  );
  const live = liveRead?.idsKey === idsKey ? liveRead.docs : undefined;

  const loadMore = () => {
    if (!pages?.nextCursor || loadingMore) return;
    setLoadingMore(true);
    fetchPage({ ...params, cursor: pages.nextCursor })
      .then((r) => {
        if (alive.current !== key) return;
        setPages((p) => {
          if (!p || p.key !== key) return p;
          const docs = new Map(p.docs);
          const more = r.items.map((i) => i.doc).filter((d) => !docs.has(d.id));
          for (const d of more) docs.set(d.id, d);
          return { ...p, ids: [...p.ids, ...more.map((d) => d.id)], docs, nextCursor: r.nextCursor };
        });
      })
      .catch(() => undefined)
      .finally(() => setLoadingMore(false));
  };

  if (offline) {
    if (!device) return { state: 'loading' };
    return {
      state: 'ready',
      source: 'device',
      items: device,
      total: device.length,
      totalCapped: false,
      hasMore: false,
      loadingMore: false,
      loadMore: () => undefined,
      fresh: 0,
      showFresh: () => undefined,
    };
  }
  if (!pages) return { state: 'loading' };
  // The device's live copy once it holds one; an announcement that left the device after that
  // (deactivated, deleted) leaves the list too.
  if (seen.current.key !== pages.key) seen.current = { key: pages.key, ids: new Set() };
  for (const id of live?.keys() ?? []) seen.current.ids.add(id);
  const items = pages.ids
    .map((id) => {
      if (!live) return pages.docs.get(id) ?? null; // the device's copies are being read
      return live.get(id) ?? (seen.current.ids.has(id) ? null : (pages.docs.get(id) ?? null));
    })
    .filter((a): a is AnnouncementDoc => a?.active === true);
  const partialFrom = pages.partial ? items.findIndex((a) => pages.partial!.has(a.id)) : -1;
  return {
    state: 'ready',
    source: 'server',
    items,
    total: pages.total,
    totalCapped: pages.totalCapped,
    hasMore: pages.nextCursor !== null,
    loadingMore,
    loadMore,
    ...(pages.correctedQuery ? { correctedQuery: pages.correctedQuery } : {}),
    ...(partialFrom >= 0 ? { partialFrom } : {}),
    fresh: fresh.size,
    showFresh: () => {
      setFresh(new Set());
      setAttempt((n) => n + 1);
    },
  };
}
