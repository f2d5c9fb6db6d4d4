import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../../../schema/constants.ts';
import { type AnnouncementDoc, announcementDoc } from '../../../../schema/entities.ts';
import { onDatabase } from '../../db/registry.ts';

declare module '@tanstack/history' {
  interface HistoryState {
    /** /edit-announcement: the announcement to edit (spec doc 1: "prefilled from navigation state"). */
    editAnnouncement?: AnnouncementDoc;
  }
}

/** The spec's locally stored copy ('editAnnouncement'), so the edit page survives a reload. */
export function storeEditCopy(a: AnnouncementDoc): void {
  try {
    localStorage.setItem(STORAGE_KEYS.editAnnouncement, JSON.stringify(a));
  } catch {
    /* private mode: navigation state still carries it */
  }
}

function storedEditCopy(): AnnouncementDoc | null {
  try {
    const parsed = announcementDoc.safeParse(
      JSON.parse(localStorage.getItem(STORAGE_KEYS.editAnnouncement) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type EditTarget =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'ready'; announcement: AnnouncementDoc };

/**
 * What /edit-announcement edits: the id from the navigation state or the stored copy, then the freshest
 * version in the local database (replicated, works offline); the copy alone if the database lacks it.
 */
export function useEditTarget(): EditTarget {
  const fromState = useRouterState({ select: (s) => s.location.state.editAnnouncement });
  const [copy] = useState(() => fromState ?? storedEditCopy());
  const [target, setTarget] = useState<EditTarget>(copy ? { state: 'loading' } : { state: 'missing' });
  useEffect(() => {
    if (!copy) return;
    let done = false;
    const off = onDatabase((db) => {
      if (!db || done) return;
      done = true;
      void db.announcements
        .findOne(copy.id)
        .exec()
        .then((doc) => {
          const fresh = doc ? (doc.toMutableJSON() as AnnouncementDoc) : copy;
          setTarget({ state: 'ready', announcement: fresh });
        });
    });
    return off;
  }, [copy]);
  return target;
}
