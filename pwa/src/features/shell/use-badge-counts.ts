import { createContext, useContext } from 'react';
import { useFavoriteIds } from '../../db/favorites.ts';
import { useUnreadCounts } from '../../db/use-counts.ts';

export type BadgeCounts = { favorites: number; notifications: number; chat: number };

/**
 * The header and footer badges, computed once in the root layout and shared through BadgeCountsContext.
 * Favourites come from the local database (the guest's, or the account's replicated one), so the count is
 * right offline and changes the moment a heart is tapped.
 */
export function useBadgeCounts(): BadgeCounts {
  const favorites = useFavoriteIds();
  const unread = useUnreadCounts();
  return { favorites: favorites?.size ?? 0, ...unread };
}

const NO_COUNTS: BadgeCounts = { favorites: 0, notifications: 0, chat: 0 };

/** The root layout computes the counts once and provides them; headers, footer bar and home read them. */
export const BadgeCountsContext = createContext<BadgeCounts>(NO_COUNTS);

export function useBadges(): BadgeCounts {
  return useContext(BadgeCountsContext);
}
