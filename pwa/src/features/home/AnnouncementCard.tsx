import { Link } from '@tanstack/react-router';
import { LIMITS } from '../../../../schema/constants.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { formatLocation, formatPrice, idTail } from '../../../../schema/format.ts';
import { PinIcon } from '../../ui/icons.tsx';
import { FavoriteButton } from '../favorites/FavoriteButton.tsx';
import { CardCover } from './CardCover.tsx';

type Props = {
  announcement: AnnouncementDoc;
  /** Listing cards (spec doc 2, category listing) also show the category and the id's last 9 characters. */
  details?: boolean;
  /** Extra class on the card wrapper (e.g. the listing's list view). */
  className?: string;
};

/** An announcement card: the card opens the announcement, the heart saves it. */
export function AnnouncementCard({ announcement: a, details = false, className }: Props) {
  const title = a.title.trim() || 'Anunț fără titlu';
  const price = formatPrice(a.price);
  return (
    <div className={className ? `card-wrap ${className}` : 'card-wrap'}>
      <Link to="/announcement/$id" params={{ id: a.id }} className={details ? 'card card--details' : 'card'}>
        <span className="card-media">
          <CardCover cover={a.images[0]} title={title} sizes="(max-width: 600px) 168px, 240px" />
        </span>
        <span className="card-body">
          <span className="card-title">{title}</span>
          {details && <span className="card-cat">{a.category}</span>}
          <span className="card-price">{price}</span>
          <span className="card-loc">
            <PinIcon size={14} />
            <span>{formatLocation(a.location, a.localitate)}</span>
          </span>
          {details && (
            <span className="card-id" title="Codul anunțului">
              #{idTail(a.id, LIMITS.idTailCard)}
            </span>
          )}
        </span>
      </Link>
      <FavoriteButton id={a.id} title={title} />
    </div>
  );
}
