import { LIMITS } from '../../../../schema/constants.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { Loading } from '../../ui/Loading.tsx';
import { AnnouncementCard } from '../home/AnnouncementCard.tsx';
import { useCardCarousel } from '../home/card-carousel.tsx';

const ARROWS_AFTER = LIMITS.profileCarouselArrowsAfter;

type Props = { title: string; items: AnnouncementDoc[] | null; emptyText: string };

/** A profile's announcements with their count; arrows scroll 400 px when there are more than 3. */
export function AnnouncementsCarousel({ title, items, emptyText }: Props) {
  const { trackRef, arrows } = useCardCarousel();
  return (
    <section className="profile-section" aria-labelledby="profile-ads-title">
      <div className="section-head">
        <h2 id="profile-ads-title">
          {title} {items && <span className="count-chip">{items.length}</span>}
        </h2>
        {items && items.length > ARROWS_AFTER && arrows('profile-arrows')}
      </div>
      {items === null ? (
        <Loading />
      ) : items.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul ref={trackRef} className="carousel">
          {items.map((a) => (
            <li key={a.id}>
              <AnnouncementCard announcement={a} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
