import { CallToAction } from './CallToAction.tsx';
import { CategoryGrid } from './CategoryGrid.tsx';
import { HomeHero } from './HomeHero.tsx';
import { HomeSearch } from './HomeSearch.tsx';
import { PopularCarousel } from './PopularCarousel.tsx';

/** Home (explore): also shown for any unknown path. The footer comes from the root layout. */
export function HomePage() {
  return (
    <div className="home">
      <HomeSearch />
      <HomeHero />
      <PopularCarousel />
      <CategoryGrid />
      <CallToAction />
    </div>
  );
}
