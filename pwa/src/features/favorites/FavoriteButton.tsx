import { useState } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import { FAVORITE_MESSAGES } from '../../../../schema/rules/favorites.ts';
import { toggleFavorite, useFavoriteIds } from '../../db/favorites.ts';
import { HeartIcon } from '../../ui/icons.tsx';
import { keepNextPage } from '../offline/next-pages.ts';
import { showToast } from '../shell/toast.ts';

/**
 * The heart on a card. The change lands in the local database at once (offline too) and replication
 * carries it to the account; a refusal (e.g. the 150 limit) is explained in a toast and nothing changes.
 */
export function FavoriteButton({ id, title }: { id: string; title: string }) {
  const ids = useFavoriteIds();
  const on = !!ids?.has(id);
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const now = await toggleFavorite(id);
      if (!now) showToast(FAVORITE_MESSAGES.removed, 'info', TIMINGS.toastMs);
      // The favourites page is where a heart leads: kept for offline use.
      else keepNextPage('favourites');
    } catch (err) {
      showToast(
        err instanceof Error && err.message ? err.message : FAVORITE_MESSAGES.updateFailed,
        'error',
        4000,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={on ? 'fav-btn fav-btn--on' : 'fav-btn'}
      aria-label={on ? `Elimină din favorite: ${title}` : `Adaugă la favorite: ${title}`}
      title={on ? 'Elimină din favorite' : 'Adaugă la favorite'}
      disabled={ids === null}
      onClick={onClick}
    >
      <HeartIcon size={20} fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}
