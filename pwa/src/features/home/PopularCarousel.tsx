import { usePopularAnnouncements } from '../../db/use-popular.ts';
import { AnnouncementCard } from './AnnouncementCard.tsx';
import { useCardCarousel } from './card-carousel.tsx';
import { SkeletonCard } from './SkeletonCard.tsx';

const SKELETONS = [0, 1, 2, 3, 4, 5];

/** 'Anunțuri populare': six placeholders until there is something to show, arrows on large screens. */
export function PopularCarousel() {
  const items = usePopularAnnouncements();
  const { trackRef, arrows } = useCardCarousel();
  const waiting = !items || items.length === 0;

  return (
    <section className="home-section" aria-labelledby="popular-title">
      <div className="section-head">
        <h2 id="popular-title">Anunțuri populare</h2>
        {arrows('carousel-arrows')}
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
