import { useRef } from 'react';
import { CAROUSEL_STEP_PX } from '../../../../schema/constants.ts';
import { usePopularAnnouncements } from '../../db/use-popular.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons.tsx';
import { AnnouncementCard } from './AnnouncementCard.tsx';
import { SkeletonCard } from './SkeletonCard.tsx';

const SKELETONS = [0, 1, 2, 3, 4, 5];

/** 'Anunțuri populare': six placeholders until there is something to show, arrows on large screens. */
export function PopularCarousel() {
  const items = usePopularAnnouncements();
  const trackRef = useRef<HTMLUListElement>(null);
  const waiting = !items || items.length === 0;
  const scroll = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: smooth ? 'smooth' : 'auto' });
  };

  return (
    <section className="home-section" aria-labelledby="popular-title">
      <div className="section-head">
        <h2 id="popular-title">Anunțuri populare</h2>
        <div className="carousel-arrows">
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
      </div>
      <ul ref={trackRef} className="carousel" aria-busy={waiting}>
        {waiting
          ? SKELETONS.map((n) => (
              <li key={n}>
                <SkeletonCard />
              </li>
            ))
          : items.map((a) => (
              <li key={a.id}>
                <AnnouncementCard announcement={a} />
              </li>
            ))}
      </ul>
    </section>
  );
}
