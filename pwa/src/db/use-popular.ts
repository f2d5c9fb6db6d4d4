import { useEffect, useState } from 'react';
import { LIMITS } from '../../../schema/constants.ts';
import type { AnnouncementApi, AnnouncementDoc } from '../../../schema/entities.ts';
import type { HeldDoc } from '../../../schema/sync.ts';
import { api } from '../api/client.ts';
import { onDatabase, onWorkingSet } from './registry.ts';

export function fromApi(a: AnnouncementApi): AnnouncementDoc {
  const { _id, user: _user, seq: _seq, ...rest } = a;
  return { ...rest, id: _id };
}

/** A REST announcement as the working set keeps it (with the server's seq of that copy). */
export function heldFromApi(a: AnnouncementApi): HeldDoc<AnnouncementDoc> {
  return { doc: { ...fromApi(a), _deleted: false }, seq: a.seq ?? 0 };
}

let restCache: Promise<AnnouncementApi[] | null> | null = null;
function fetchPopular(limit: number): Promise<AnnouncementApi[] | null> {
  restCache ??= api<AnnouncementApi[]>(`/api/announcements/popular?limit=${limit}`).catch(() => {
    restCache = null; // retry on the next mount
    return null;
  });
  return restCache;
}

const byPopularity = (a: AnnouncementDoc, b: AnnouncementDoc) =>
  b.favoritesCount - a.favoritesCount || b.createdAt.localeCompare(a.createdAt);

/**
 * 'Anunțuri populare': most favourited first, then newest. The server's list (one cached answer for
 * everyone) is kept in the device's working set, and shown through the device's live copies (a heart
 * given elsewhere moves the counter). Offline, the most favourited of what this phone holds.
 * null while nothing is known yet.
 */
export function usePopularAnnouncements(limit: number = LIMITS.popularLimit): AnnouncementDoc[] | null {
  const [rest, setRest] = useState<AnnouncementDoc[] | 'failed' | null>(null);
  const [local, setLocal] = useState<Map<string, AnnouncementDoc> | null>(null);
  const [offline, setOffline] = useState<AnnouncementDoc[] | null>(null);

  useEffect(() => {
    let alive = true;
    let off = () => undefined as unknown;
    void fetchPopular(limit).then((list) => {
      if (!alive) return;
      if (!list) return setRest('failed');
      setRest(list.map(fromApi));
      const held = list.map(heldFromApi);
      off = onWorkingSet((ws) => void ws?.show('announcements', held, false).catch(() => undefined));
    });
    return () => {
      alive = false;
      off();
    };
  }, [limit]);

  const ids = Array.isArray(rest) ? rest.map((a) => a.id) : [];
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the ids
  useEffect(() => {
    let sub: { unsubscribe(): void } | null = null;
    const off = onDatabase((db) => {
      sub?.unsubscribe();
      sub = null;
      if (!db) return;
      if (key) {
        sub = db.announcements
          .findByIds(key.split(','))
          .$.subscribe((m) =>
            setLocal(new Map([...m].map(([id, d]) => [id, d.toMutableJSON() as AnnouncementDoc]))),
          );
      } else if (rest === 'failed') {
        sub = db.announcements
          .find({
            selector: { active: true },
            sort: [{ favoritesCount: 'desc' }, { createdAt: 'desc' }],
            limit,
          })
          .$.subscribe((docs) =>
            setOffline(docs.map((d) => d.toMutableJSON() as AnnouncementDoc).sort(byPopularity)),
          );
      }
    });
    return () => {
      off();
      sub?.unsubscribe();
    };
  }, [key, rest === 'failed', limit]);

  if (rest === 'failed') return offline;
  if (!rest) return null;
  return rest.map((a) => local?.get(a.id) ?? a).filter((a) => a.active);
}
