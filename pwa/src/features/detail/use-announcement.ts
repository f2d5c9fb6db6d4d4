import { useEffect, useMemo, useState } from 'react';
import { fromApi, heldFromApi } from '../../../../schema/announcement-api.ts';
import type { AnnouncementApi, AnnouncementDoc } from '../../../../schema/entities.ts';
import { ApiError } from '../../api/client.ts';
import { keepShown } from '../../db/use-held.ts';
import { useRx } from '../../db/use-rx.ts';
import { takeAnnouncementRequest } from './prefetch.ts';

export type SellerCardApi = AnnouncementApi['user'];

export type AnnouncementState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'found'; announcement: AnnouncementDoc; restUser: SellerCardApi | null };

type Rest =
  | { kind: 'pending' }
  | { kind: 'ok'; doc: AnnouncementDoc; user: SellerCardApi }
  | { kind: 'gone' }
  | { kind: 'failed' };

/**
 * One announcement for the detail page. The replicated local copy is the source (works offline and
 * follows edits live); GET /api/announcements/{id} is called once per open — it counts the view on the
 * server and brings the fresh view count — and fills in when the device has no copy yet.
 */
export function useAnnouncement(id: string, viewerId: string | null): AnnouncementState {
  const [rest, setRest] = useState<Rest>({ kind: 'pending' });

  useEffect(() => {
    let alive = true;
    setRest({ kind: 'pending' });
    let off = () => undefined as unknown;
    takeAnnouncementRequest(id)
      .then((a) => {
        if (!alive) return;
        setRest({ kind: 'ok', doc: fromApi(a), user: a.user });
        // Opened: the device keeps it (readable offline) and follows its changes.
        const held = [heldFromApi(a)];
        off = keepShown(held);
      })
      .catch(
        (err) =>
          alive && setRest({ kind: err instanceof ApiError && err.status === 404 ? 'gone' : 'failed' }),
      );
    return () => {
      alive = false;
      off();
    };
  }, [id]);

  // undefined: the database is not open yet; null: it is open and has no such (visible) announcement.
  const doc = useRx((db) => db.announcements.findOne(id).$, [id]);
  const local = useMemo(() => {
    if (doc === undefined) return undefined;
    const a = doc ? (doc.toMutableJSON() as AnnouncementDoc) : null;
    // A deactivated announcement is its owner's alone (others only ever get a tombstone).
    return a && (a.active || a.ownerId === viewerId) ? a : null;
  }, [doc, viewerId]);

  const restUser = rest.kind === 'ok' ? rest.user : null;
  if (local) {
    // The server's count is fresher: views take no new seq, so replicated copies lag behind.
    const views = rest.kind === 'ok' ? Math.max(rest.doc.views, local.views) : local.views;
    return { status: 'found', announcement: { ...local, views }, restUser };
  }
  // The device has no copy yet (or not any more): the server decided visibility (404 for hidden ones).
  if (rest.kind === 'ok') return { status: 'found', announcement: rest.doc, restUser };
  if (rest.kind === 'gone') return { status: 'missing' };
  if (rest.kind === 'failed' && local === null) return { status: 'missing' };
  return { status: 'loading' };
}
