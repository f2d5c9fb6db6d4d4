import { useRef } from 'react';
import { CAROUSEL_STEP_PX, LIMITS } from '../../../../schema/constants.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons.tsx';
import { AnnouncementCard } from '../home/AnnouncementCard.tsx';

const ARROWS_AFTER = LIMITS.profileCarouselArrowsAfter;

type Props = { title: string; items: AnnouncementDoc[] | null; emptyText: string };

/** A profile's announcements with their count; arrows scroll 400 px when there are more than 3. */
export function AnnouncementsCarousel({ title, items, emptyText }: Props) {
  const trackRef = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    trackRef.current?.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: smooth ? 'smooth' : 'auto' });
  };
  return (
    <section className="profile-section" aria-labelledby="profile-ads-title">
      <div className="section-head">
        <h2 id="profile-ads-title">
          {title} {items && <span className="count-chip">{items.length}</span>}
        </h2>
        {items && items.length > ARROWS_AFTER && (
          <div className="profile-arrows">
            <button
              type="button"
              className="icon-btn"
              aria-label="Anunțurile anterioare"
              onClick={() => scroll(-1)}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label="Anunțurile următoare"
              onClick={() => scroll(1)}
            >
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
      {items === null ? (
        <p className="muted" role="status">
          Se încarcă...
        </p>
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
