import { useEffect, useMemo, useState } from 'react';
import { announcementFromForm } from '../../../../schema/announcement-api.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { type PendingAnnouncement, usePendingAnnouncements } from '../../db/publish-queue.ts';
import { useRx } from '../../db/use-rx.ts';

/** One card of 'Anunțurile mele': a published announcement, or one still waiting in the device's outbox. */
export type MyEntry =
  | { kind: 'published'; doc: AnnouncementDoc }
  | { kind: 'pending'; pending: PendingAnnouncement; doc: AnnouncementDoc };

/** A queued announcement shaped like a document, so it is searched, sorted and drawn like the others. */
function pendingDoc(p: PendingAnnouncement, ownerId: string, urls: string[]): AnnouncementDoc {
  return announcementFromForm(p.fields, { id: p.id, ownerId, images: urls, time: p.queuedAt });
}

/**
 * The signed-in user's announcements from the local database (inactive ones included: the owner keeps
 * receiving them), plus those queued offline. null until the database has answered.
 */
export function useMyAnnouncements(userId: string | null): MyEntry[] | null {
  const pending = usePendingAnnouncements(userId);
  const [pendingEntries, setPendingEntries] = useState<MyEntry[]>([]);

  const list = useRx(
    (db) =>
      userId
        ? db.announcements.find({ selector: { ownerId: userId }, sort: [{ createdAt: 'desc' }] }).$
        : null,
    [userId],
  );
  const docs = useMemo(() => list?.map((d) => d.toMutableJSON() as AnnouncementDoc) ?? null, [list]);

  // Photo previews of queued announcements: object URLs, released when the list changes.
  useEffect(() => {
    if (!userId) return;
    const urls: string[] = [];
    setPendingEntries(
      pending.map((p) => {
        const own = p.images.map((b) => URL.createObjectURL(b));
        urls.push(...own);
        return { kind: 'pending', pending: p, doc: pendingDoc(p, userId, own) };
      }),
    );
    return () => {
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, [pending, userId]);

  if (docs === null) return null;
  // Once published, the server's copy arrives with the same id: show it once.
  const published = new Set(docs.map((d) => d.id));
  return [
    ...pendingEntries.filter((e) => !published.has(e.doc.id)),
    ...docs.map((doc): MyEntry => ({ kind: 'published', doc })),
  ];
}
