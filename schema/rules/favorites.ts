import { LIMITS } from '../constants.ts';

/** Favourite messages used by the server's refusal and the client's own check before it writes. */
export const FAVORITE_MESSAGES = {
  limit: `Poți salva cel mult ${LIMITS.favoritesMax} de anunțuri favorite. Șterge unul ca să adaugi altul.`,
  notFound: 'Anunțul nu a fost găsit',
  /** Spec doc 2 §8: a failed toggle. */
  updateFailed: 'Eroare la actualizare favorite',
  removed: 'Șters din favorite',
} as const;

export function canAddFavorite(currentCount: number): boolean {
  return currentCount < LIMITS.favoritesMax;
}
