import { useEffect, useState } from 'react';
import { map } from 'rxjs';
import { fromApi } from '../../../../schema/announcement-api.ts';
import type { AnnouncementApi, AnnouncementDoc } from '../../../../schema/entities.ts';
import { api } from '../../api/client.ts';
import { useRx } from '../../db/use-rx.ts';

const byNewest = (a: AnnouncementDoc, b: AnnouncementDoc) => b.createdAt.localeCompare(a.createdAt);

/** The signed-in user's announcements (inactive ones too), local first; REST until the database opens. */
export function useOwnAnnouncements(userId: string): AnnouncementDoc[] | null {
  const local = useRx<AnnouncementDoc[]>(
    (db) =>
      db.announcements
        .find({ selector: { ownerId: userId } })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON() as AnnouncementDoc))),
    [userId],
  );
  const [remote, setRemote] = useState<AnnouncementDoc[] | null>(null);
  useEffect(() => {
    let alive = true;
    api<AnnouncementApi[]>('/api/users/my-announcements')
      .then((list) => alive && setRemote(list.map(fromApi)))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  const list = local !== undefined && (local.length > 0 || remote === null) ? local : remote;
  return list ? [...list].sort(byNewest) : null;
}
