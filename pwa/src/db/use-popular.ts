import { useEffect, useState } from 'react';
import { LIMITS } from '../../../schema/constants.ts';
import type { AnnouncementApi, AnnouncementDoc } from '../../../schema/entities.ts';
import { api } from '../api/client.ts';
import { onDatabase } from './registry.ts';

export function fromApi(a: AnnouncementApi): AnnouncementDoc {
  const { _id, user: _user, ...rest } = a;
  return { ...rest, id: _id };
}

let restCache: Promise<AnnouncementDoc[]> | null = null;
function fetchPopular(limit: number): Promise<AnnouncementDoc[]> {
  restCache ??= api<AnnouncementApi[]>(`/api/announcements/popular?limit=${limit}`)
    .then((list) => list.map(fromApi))
    .catch(() => {
      restCache = null; // retry on the next mount
      return [];
    });
  return restCache;
}

/**
 * 'Anunțuri populare': most favourited first, then newest. Reads the replicated local database (works
 * offline); until it has data, the REST answer fills in. null while nothing is known yet.
 */
export function usePopularAnnouncements(limit: number = LIMITS.popularLimit): AnnouncementDoc[] | null {
  const [rest, setRest] = useState<AnnouncementDoc[] | null>(null);
  const [local, setLocal] = useState<AnnouncementDoc[] | null>(null);

  useEffect(() => {
    let alive = true;
    void fetchPopular(limit).then((list) => alive && setRest(list));
    return () => {
      alive = false;
    };
  }, [limit]);

  useEffect(() => {
    let sub: { unsubscribe(): void } | null = null;
    const off = onDatabase((db) => {
      sub?.unsubscribe();
      sub = null;
      if (!db) return;
      sub = db.announcements
        .find({
          selector: { active: true },
          sort: [{ favoritesCount: 'desc' }, { createdAt: 'desc' }],
          limit,
        })
        .$.subscribe((docs) => setLocal(docs.map((d) => d.toMutableJSON() as AnnouncementDoc)));
    });
    return () => {
      off();
      sub?.unsubscribe();
    };
  }, [limit]);

  if (local && local.length > 0) return local;
  return rest;
}
