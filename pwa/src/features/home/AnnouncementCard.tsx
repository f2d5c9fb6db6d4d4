import { Link } from '@tanstack/react-router';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { formatLocation, formatPrice } from '../../../../schema/format.ts';
import { imageSrcSet, imageVariant } from '../../../../schema/images.ts';
import { PinIcon } from '../../ui/icons.tsx';
import { FavoriteButton } from '../favorites/FavoriteButton.tsx';

/** A popular announcement in the home carousel; the card opens the announcement, the heart saves it. */
export function AnnouncementCard({ announcement: a }: { announcement: AnnouncementDoc }) {
  const title = a.title.trim() || 'Anunț fără titlu';
  const cover = a.images[0];
  const price = formatPrice(a.price);
  return (
    <div className="card-wrap">
      <Link to="/announcement/$id" params={{ id: a.id }} className="card">
        <span className="card-media">
          {cover ? (
            <img
              src={imageVariant(cover, 320)}
              srcSet={imageSrcSet(cover) || undefined}
              sizes="(max-width: 600px) 168px, 240px"
              width={320}
              height={240}
              loading="lazy"
              decoding="async"
              alt={title}
            />
          ) : (
            <span className="card-noimg">Fără imagine</span>
          )}
        </span>
        <span className="card-body">
          <span className="card-title">{title}</span>
          <span className="card-price">{price}</span>
          <span className="card-loc">
            <PinIcon size={14} />
            <span>{formatLocation(a.location, a.localitate)}</span>
          </span>
        </span>
      </Link>
      <FavoriteButton id={a.id} title={title} />
    </div>
  );
}
