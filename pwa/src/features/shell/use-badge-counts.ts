import { createContext, useContext, useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../../../schema/constants.ts';
import { useSession } from '../session/use-session.ts';

export type BadgeCounts = { favorites: number; notifications: number; chat: number };

/** Guest favourites: a JSON array of {id, addedAt}, or the legacy list of plain id strings. */
export function guestFavoritesCount(raw: string | null): number {
  if (!raw) return 0;
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return 0;
    const ids = new Set<string>();
    for (const entry of list) {
      const id = typeof entry === 'string' ? entry : (entry as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && id) ids.add(id);
    }
    return ids.size;
  } catch {
    return 0;
  }
}

function readGuestFavorites(): number {
  try {
    return guestFavoritesCount(localStorage.getItem(STORAGE_KEYS.guestFavorites));
  } catch {
    return 0;
  }
}

/**
 * The header and footer badges. Computed once, in the root layout, and shared through BadgeCountsContext.
 * Guest favourites are counted from local storage and follow the 'favorites:updated' window event and
 * other tabs' storage events.
 */
export function useBadgeCounts(): BadgeCounts {
  const { status } = useSession();
  const [guestFavorites, setGuestFavorites] = useState(0);

  useEffect(() => {
    if (status !== 'guest') return;
    const update = () => setGuestFavorites(readGuestFavorites());
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.guestFavorites) update();
    };
    update();
    window.addEventListener('favorites:updated', update);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('favorites:updated', update);
      window.removeEventListener('storage', onStorage);
    };
  }, [status]);

  // Signed-in favourites, unread notifications and unread conversations: the sync-engine issue feeds
  // these from the replicated collections (favorites, notifications, conversations); until then 0.
  return { favorites: status === 'guest' ? guestFavorites : 0, notifications: 0, chat: 0 };
}

const NO_COUNTS: BadgeCounts = { favorites: 0, notifications: 0, chat: 0 };

/** The root layout computes the counts once and provides them; headers, footer bar and home read them. */
export const BadgeCountsContext = createContext<BadgeCounts>(NO_COUNTS);

export function useBadges(): BadgeCounts {
  return useContext(BadgeCountsContext);
}
