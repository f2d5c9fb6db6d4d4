import { useState } from 'react';
import { pluralRo } from '../../../../schema/format.ts';
import { useGuestMergeOffer } from '../../db/guest-merge.ts';
import { useShownDialog } from '../../ui/use-shown-dialog.ts';

/**
 * Spec doc 2 §4: after login, guest favourites the account lacks are offered to the account.
 * 'Adaugă în cont' copies them, 'Renunță' forgets them, 'Închide' (or Escape) asks again next time.
 */
export function GuestFavoritesDialog() {
  const offer = useGuestMergeOffer();
  const [closed, setClosed] = useState(false);
  const ref = useShownDialog(!!offer && !closed);

  if (!offer) return null;
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="guest-fav-title" onCancel={() => setClosed(true)}>
      <h2 id="guest-fav-title">Sincronizează favoritele salvate înainte de login</h2>
      <p>
        Ai salvat {pluralRo(offer.ids.length, 'anunț favorit', 'anunțuri favorite', 'de anunțuri favorite')}{' '}
        înainte să intri în cont. Le adăugăm în contul tău, ca să le găsești pe orice dispozitiv?
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={() => void offer.discard()}>
          Renunță
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setClosed(true)}>
          Închide
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void offer.accept()}>
          Adaugă în cont
        </button>
      </div>
    </dialog>
  );
}
