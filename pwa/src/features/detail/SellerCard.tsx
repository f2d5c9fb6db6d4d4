import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { averageStars, initials, reviewCountText } from '../../../../schema/format.ts';
import { normalizeImagePath } from '../../../../schema/images.ts';
import type { Seller } from './use-seller.ts';

type Props = {
  seller: Seller;
  isOwner: boolean;
  contactPerson: string;
  contactPhone: string;
  onMessage: () => void;
  onRate: () => void;
};

const MASKED_PHONE = 'xxx xxx xxx';

function SellerAvatar({ seller }: { seller: Seller }) {
  const [failed, setFailed] = useState(false);
  const src = seller.avatar ? normalizeImagePath(seller.avatar) : '';
  if (src && !failed) {
    return (
      <img
        className="avatar seller-avatar"
        src={src}
        alt=""
        width={56}
        height={56}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="avatar seller-avatar seller-avatar--initials" aria-hidden="true">
      {initials(seller.firstName, seller.lastName) || '?'}
    </span>
  );
}

/**
 * The seller: avatar or initials, name, rating. Others get the contact person with 'Evaluează', 'Trimite
 * mesaj', the phone masked until 'Arată' and the profile link; the owner only 'Acesta este anunțul tău'.
 */
export function SellerCard({ seller, isOwner, contactPerson, contactPhone, onMessage, onRate }: Props) {
  const [showPhone, setShowPhone] = useState(false);
  const name = `${seller.firstName} ${seller.lastName}`.trim() || 'Vânzător';
  const scores = seller.scores ?? [];
  const rating =
    scores.length === 0
      ? reviewCountText(0)
      : `${averageStars(scores).toLocaleString('ro-RO')} ★ · ${reviewCountText(scores.length)}`;

  return (
    <section className="seller" aria-label="Vânzător">
      <div className="seller-head">
        <SellerAvatar seller={seller} />
        <div>
          <p className="seller-name">{name}</p>
          <p className="seller-rating muted">{rating}</p>
        </div>
      </div>
      {isOwner ? (
        <p className="seller-own">Acesta este anunțul tău</p>
      ) : (
        <>
          <div className="seller-contact">
            <span>
              Persoană de contact: <strong>{contactPerson.trim() || name}</strong>
            </span>
            <button type="button" className="link-btn" onClick={onRate}>
              Evaluează
            </button>
          </div>
          <button type="button" className="btn btn-primary seller-btn" onClick={onMessage}>
            Trimite mesaj
          </button>
          <div className="seller-phone">
            <span>
              Telefon: <strong>{showPhone ? contactPhone.trim() || 'N/A' : MASKED_PHONE}</strong>
            </span>
            {!showPhone && (
              <button type="button" className="link-btn" onClick={() => setShowPhone(true)}>
                Arată
              </button>
            )}
          </div>
          <Link to="/profil/$userId" params={{ userId: seller.id }} className="btn btn-outline seller-btn">
            Vizualizare profil
          </Link>
        </>
      )}
    </section>
  );
}
