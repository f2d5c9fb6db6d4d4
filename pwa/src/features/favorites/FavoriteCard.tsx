import { Link } from '@tanstack/react-router';
import { formatDate, formatLocation, formatPrice } from '../../../../schema/format.ts';
import { imageVariant } from '../../../../schema/images.ts';
import { PinIcon } from '../../ui/icons.tsx';
import { FavoriteButton } from './FavoriteButton.tsx';
import type { FavoriteEntry } from './use-favorite-announcements.ts';

/** One saved announcement: posted date, title, category, place, price and the heart. */
export function FavoriteCard({ entry }: { entry: FavoriteEntry }) {
  const a = entry.announcement;
  if (!a) {
    return (
      <li className="fav-card fav-card--gone">
        <div className="fav-card-body">
          <p className="fav-card-title">Anunțul nu mai este disponibil</p>
          <p className="muted">A fost șters sau dezactivat de vânzător.</p>
        </div>
        <FavoriteButton id={entry.id} title="anunț indisponibil" />
      </li>
    );
  }
  const title = a.title.trim() || 'Anunț fără titlu';
  const cover = a.images[0];
  const price = formatPrice(a.price);
  return (
    <li className="fav-card">
      <Link to="/announcement/$id" params={{ id: a.id }} className="fav-card-link">
        <span className="fav-card-media">
          {cover ? (
            <img src={imageVariant(cover, 320)} width={320} height={240} loading="lazy" alt="" />
          ) : (
            <span className="card-noimg">Fără imagine</span>
          )}
        </span>
        <span className="fav-card-body">
          <time className="fav-card-date" dateTime={a.createdAt}>
            {formatDate(a.createdAt)}
          </time>
          <span className="fav-card-title">{title}</span>
          <span className="fav-card-cat">{a.category}</span>
          <span className="fav-card-loc">
            <PinIcon size={14} />
            {formatLocation(a.location, a.localitate)}
          </span>
          {price && <span className="fav-card-price">{price}</span>}
        </span>
      </Link>
      <FavoriteButton id={a.id} title={title} />
    </li>
  );
}
