import { useEffect, useMemo, useState } from 'react';
import { fromApi, heldFromApi } from '../../../schema/announcement-api.ts';
import { LIMITS } from '../../../schema/constants.ts';
import type { AnnouncementApi, AnnouncementDoc } from '../../../schema/entities.ts';
import { byPopularity, POPULAR_RX_SORT } from '../../../schema/popular.ts';
import { api } from '../api/client.ts';
import { keepShown } from './use-held.ts';
import { useRx } from './use-rx.ts';

let restCache: Promise<AnnouncementApi[] | null> | null = null;
function fetchPopular(limit: number): Promise<AnnouncementApi[] | null> {
  restCache ??= api<AnnouncementApi[]>(`/api/announcements/popular?limit=${limit}`).catch(() => {
    restCache = null; // retry on the next mount
    return null;
  });
  return restCache;
}

/**
 * 'Anunțuri populare' (the order: schema/popular.ts). The server's list (one cached answer for
 * everyone) is kept in the device's working set, and shown through the device's live copies (a heart
 * given elsewhere moves the counter). Offline, the most favourited of what this phone holds.
 * null while nothing is known yet.
 */
export function usePopularAnnouncements(limit: number = LIMITS.popularLimit): AnnouncementDoc[] | null {
  const [rest, setRest] = useState<AnnouncementDoc[] | 'failed' | null>(null);

  useEffect(() => {
    let alive = true;
    let off = () => undefined as unknown;
    void fetchPopular(limit).then((list) => {
      if (!alive) return;
      if (!list) return setRest('failed');
      setRest(list.map(fromApi));
      const held = list.map(heldFromApi);
      off = keepShown(held);
    });
    return () => {
      alive = false;
      off();
    };
  }, [limit]);

  const ids = Array.isArray(rest) ? rest.map((a) => a.id) : [];
  const key = ids.join(',');
  // Live copies of the server's list; offline, the most favourited this device holds. Mapped here rather
  // than with rxjs operators: the home page is the first screen's chunk.
  const liveDocs = useRx((db) => (key ? db.announcements.findByIds(key.split(',')).$ : null), [key]);
  const offlineDocs = useRx(
    (db) =>
      !key && rest === 'failed'
        ? db.announcements.find({
            selector: { active: true },
            sort: POPULAR_RX_SORT,
            limit,
          }).$
        : null,
    [key, rest === 'failed', limit],
  );
  const local = useMemo(
    () => liveDocs && new Map([...liveDocs].map(([id, d]) => [id, d.toMutableJSON() as AnnouncementDoc])),
    [liveDocs],
  );
  const offline = useMemo(
    () => offlineDocs?.map((d) => d.toMutableJSON() as AnnouncementDoc).sort(byPopularity) ?? null,
    [offlineDocs],
  );

  if (rest === 'failed') return offline;
  if (!rest) return null;
  return rest.map((a) => local?.get(a.id) ?? a).filter((a) => a.active);
}
