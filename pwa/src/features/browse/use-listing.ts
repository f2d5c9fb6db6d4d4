import { useEffect, useState } from 'react';
import type { AnnouncementApi, AnnouncementDoc } from '../../../../schema/entities.ts';
import { api } from '../../api/client.ts';
import { onDatabase } from '../../db/registry.ts';
import { fromApi } from '../../db/use-popular.ts';
import { ALL_CATEGORIES } from '../shell/search-all.ts';

/**
 * Active announcements of a category ('toate': all of them), from the replicated local database, so the
 * listing works offline. Until the local copy has anything (first visit, database still opening or
 * pulling), the REST list fills in. null while nothing is known.
 */
export function useListingAnnouncements(category: string): AnnouncementDoc[] | null {
  const all = category === ALL_CATEGORIES;
  const [local, setLocal] = useState<AnnouncementDoc[] | null>(null);
  const [rest, setRest] = useState<AnnouncementDoc[] | 'failed' | null>(null);

  useEffect(() => {
    let alive = true;
    setRest(null);
    const path = all ? '/api/announcements' : `/api/announcements?category=${encodeURIComponent(category)}`;
    api<AnnouncementApi[]>(path)
      .then((list) => alive && setRest(list.map(fromApi).filter((a) => a.active)))
      .catch(() => alive && setRest('failed'));
    return () => {
      alive = false;
    };
  }, [category, all]);

  useEffect(() => {
    let sub: { unsubscribe(): void } | null = null;
    setLocal(null);
    const off = onDatabase((db) => {
      sub?.unsubscribe();
      sub = null;
      if (!db) return;
      // Inactive announcements reach other people as tombstones; the owner still has them: never listed.
      const selector = all ? { active: true } : { active: true, category };
      sub = db.announcements
        .find({ selector })
        .$.subscribe((docs) => setLocal(docs.map((d) => d.toMutableJSON() as AnnouncementDoc)));
    });
    return () => {
      off();
      sub?.unsubscribe();
    };
  }, [category, all]);

  if (local && local.length > 0) return local;
  // No answer from the server (offline): what the open local database has, even if that is nothing; while
  // it is still opening, keep showing the loading text rather than a wrong "nothing here".
  if (rest === 'failed') return local;
  return rest;
}
