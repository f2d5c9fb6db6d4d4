import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { pluralRo } from '../../../../schema/format.ts';
import {
  compareAnnouncements,
  DEFAULT_SORT,
  matchesPlace,
  matchesPriceFilter,
  matchesSearch,
} from '../../../../schema/search.ts';
import { AnnouncementCard } from '../home/AnnouncementCard.tsx';
import { ALL_CATEGORIES } from '../shell/search-all.ts';
import { FilterChips } from './FilterChips.tsx';
import { ListingFilters } from './ListingFilters.tsx';
import { ListingToolbar } from './ListingToolbar.tsx';
import type { ListingSearch } from './listing-search.ts';
import { useListingAnnouncements } from './use-listing.ts';
import './browse.css';

const route = getRouteApi('/anunturi-categorie/$category');

export const LISTING_TEXTS = {
  loading: 'Se încarcă anunțurile...',
  emptyCategory: 'Nu există anunțuri pentru această categorie.',
  emptyFilters: 'Nu s-au găsit anunțuri care să corespundă filtrelor.',
} as const;

/** The category listing (and, for 'toate', the search results of the search bars). */
export function ListingPage({ category }: { category: string }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const all = useListingAnnouncements(category);
  const [filtersOpen, setFiltersOpen] = useState(() => !!(search.pret || search.judet));

  // Filter changes replace the history entry: Back leaves the listing instead of undoing each keystroke.
  const update = (patch: Partial<ListingSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });
  const reset = () =>
    void navigate({
      search: (prev) => ({ view: prev.view }),
      replace: true,
    });

  const shown = useMemo(() => {
    if (!all) return null;
    return all
      .filter(
        (a) =>
          matchesSearch(search.q ?? '', a.title, a.description) &&
          matchesPriceFilter(a.price, search.pret) &&
          matchesPlace(a, search.judet, search.localitate),
      )
      .sort(compareAnnouncements(search.sort ?? DEFAULT_SORT));
  }, [all, search.q, search.pret, search.judet, search.localitate, search.sort]);

  const title = category === ALL_CATEGORIES ? 'Toate anunțurile' : category;
  const view = search.view ?? 'grid';

  return (
    <section className="page listing">
      <h1>{title}</h1>
      <ListingToolbar
        search={search}
        onChange={update}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((o) => !o)}
      />
      {filtersOpen && <ListingFilters announcements={all ?? []} search={search} onChange={update} />}
      <FilterChips search={search} onChange={update} onReset={reset} />
      {shown === null ? (
        <p className="listing-state muted" role="status">
          {LISTING_TEXTS.loading}
        </p>
      ) : (
        <>
          <p className="listing-count" role="status">
            {pluralRo(shown.length, 'anunț găsit', 'anunțuri găsite', 'de anunțuri găsite')}
          </p>
          {shown.length === 0 ? (
            <p className="listing-state muted">
              {all && all.length > 0 ? LISTING_TEXTS.emptyFilters : LISTING_TEXTS.emptyCategory}
            </p>
          ) : (
            <ul className={`listing-grid listing-grid--${view}`}>
              {shown.map((a) => (
                <li key={a.id}>
                  <AnnouncementCard announcement={a} details className={`card-wrap--${view}`} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
