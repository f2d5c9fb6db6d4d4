import { z } from 'zod';
import { announcementApi } from '../entities.ts';

/** Every live favourite of the caller (what `favoritesUpdated` carries). */
export const favoriteIdsAnswer = z.object({ favoriteIds: z.array(z.string()) });

/** GET /api/favorites: the ids, and the announcements the caller may still see (what the limit counts). */
export const favoritesAnswer = favoriteIdsAnswer.extend({ favorites: z.array(announcementApi) });

/** The spec's guest toggle: `{ ok: true }` for a guest (nothing stored), the ids for a signed-in caller. */
export const guestToggleAnswer = z.object({
  ok: z.boolean().optional(),
  favoriteIds: z.array(z.string()).optional(),
});
