import { getRouteApi, Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { topicTitle } from '../../../../schema/catalog/topics.ts';
import { pluralRo } from '../../../../schema/format.ts';
import { AnnouncementCard } from '../home/AnnouncementCard.tsx';
import { ALL_CATEGORIES } from '../shell/search-all.ts';
import { CategorySelect } from './CategorySelect.tsx';
import { CategoryTopics } from './CategoryTopics.tsx';
import { FilterChips } from './FilterChips.tsx';
import { ListingFilters } from './ListingFilters.tsx';
import { ListingToolbar } from './ListingToolbar.tsx';
import type { ListingSearch } from './listing-search.ts';
import { useListing } from './use-listing.ts';
import './browse.css';

const route = getRouteApi('/anunturi-categorie/$category');

export const LISTING_TEXTS = {
  loading: 'Se încarcă anunțurile...',
  emptyCategory: 'Nu există anunțuri pentru această categorie.',
  emptyFilters: 'Nu s-au găsit anunțuri care să corespundă filtrelor.',
  offline: 'Ești offline: vezi anunțurile salvate pe acest telefon',
  offlineEmpty: 'Nu ai încă anunțuri salvate pe acest telefon care să corespundă căutării.',
  allOfCategory: (c: string) => `Vezi toate anunțurile din ${c}`,
  allCategories: 'Din toate categoriile',
  inCategory: 'Din categoria',
  more: 'Încarcă mai multe',
  correctedTo: 'Rezultate pentru',
  searchExactly: (q: string) => `Caută exact „${q}”`,
  partial: 'Rezultate care conțin doar o parte din cuvinte',
  fresh: (n: number) => pluralRo(n, 'anunț nou', 'anunțuri noi', 'de anunțuri noi'),
  moreLoading: 'Se încarcă...',
} as const;

const count = (n: number, capped: boolean) =>
  `${capped ? 'Peste ' : ''}${pluralRo(n, 'anunț găsit', 'anunțuri găsite', 'de anunțuri găsite')}`;

/** The category listing (and, for 'toate', the search results of the search bars). */
export function ListingPage({ category }: { category: string }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const listing = useListing(category, search);
  const [filtersOpen, setFiltersOpen] = useState(() => !!(search.pret || search.judet));

  // Filter changes replace the history entry: Back leaves the listing instead of undoing each keystroke.
  // New words are searched with the spelling correction again ('Caută exact' belongs to one query).
  const update = (patch: Partial<ListingSearch>) =>
    void navigate({
      search: (prev) => ({ ...prev, ...('q' in patch ? { exact: undefined } : {}), ...patch }),
      replace: true,
    });
  const reset = () =>
    void navigate({
      search: (prev) => ({ view: prev.view }),
      replace: true,
    });

  // Another category keeps the search, the filters and the view (a cursor belongs to one search only).
  const changeCategory = (next: string) =>
    void navigate({
      to: '/anunturi-categorie/$category',
      params: { category: next },
      search: (prev) => prev,
    });

  const all = category === ALL_CATEGORIES;
  // A topic page (a sub-topic chip, a home tile) is titled with the topic: a page about what was chosen.
  const title = search.subiect ? topicTitle(search.subiect) : all ? 'Toate anunțurile' : category;
  const view = search.view ?? 'grid';
  const filtered = !!(search.q || search.subiect || search.pret || search.judet);

  return (
    <section className="page listing">
      <h1>{title}</h1>
      {search.subiect && (
        <p className="listing-sub muted">
          {all ? (
            LISTING_TEXTS.allCategories
          ) : (
            <>
              {LISTING_TEXTS.inCategory}{' '}
              <Link to="/anunturi-categorie/$category" params={{ category }} search={{ view: search.view }}>
                {category}
              </Link>
            </>
          )}
        </p>
      )}
      <CategorySelect category={category} onChange={changeCategory} />
      {!all && !search.subiect && <CategoryTopics category={category} />}
      <ListingToolbar
        search={search}
        onChange={update}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((o) => !o)}
        onTopic={(s) =>
          void navigate({
            to: '/anunturi-categorie/$category',
            params: { category: s.category ?? ALL_CATEGORIES },
            search: (prev) => ({ view: prev.view, subiect: s.subiect }),
          })
        }
      />
      {filtersOpen && <ListingFilters search={search} onChange={update} />}
      <FilterChips search={search} onChange={update} onReset={reset} />
      {listing.state === 'loading' ? (
        <p className="listing-state muted" role="status">
          {LISTING_TEXTS.loading}
        </p>
      ) : (
        <>
          {listing.source === 'device' && <p className="listing-offline muted">{LISTING_TEXTS.offline}</p>}
          {listing.fresh > 0 && (
            <div className="listing-fresh">
              <button type="button" className="btn btn-outline" onClick={listing.showFresh}>
                {LISTING_TEXTS.fresh(listing.fresh)}
              </button>
            </div>
          )}
          <p className="listing-count" role="status">
            {count(listing.total, listing.totalCapped)}
          </p>
          {listing.correctedQuery && search.q && (
            <p className="listing-corrected">
              {LISTING_TEXTS.correctedTo} <strong>„{listing.correctedQuery}”</strong>.{' '}
              <Link
                to="/anunturi-categorie/$category"
                params={{ category }}
                search={{ ...search, exact: true }}
                replace
              >
                {LISTING_TEXTS.searchExactly(search.q)}
              </Link>
            </p>
          )}
          {listing.items.length === 0 ? (
            <div className="listing-state muted">
              <p>
                {listing.source === 'device'
                  ? LISTING_TEXTS.offlineEmpty
                  : filtered
                    ? LISTING_TEXTS.emptyFilters
                    : LISTING_TEXTS.emptyCategory}
              </p>
              {search.subiect && !all && (
                <Link to="/anunturi-categorie/$category" params={{ category }} search={{ view: search.view }}>
                  {LISTING_TEXTS.allOfCategory(category)}
                </Link>
              )}
            </div>
          ) : (
            <ul className={`listing-grid listing-grid--${view}`}>
              {listing.items.map((a, i) => (
                <Fragment key={a.id}>
                  {i === listing.partialFrom && (
                    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be an item of the list
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a separator, announced as such
                    <li className="listing-divider" role="separator">
                      {LISTING_TEXTS.partial}
                    </li>
                  )}
                  <li>
                    <AnnouncementCard announcement={a} details className={`card-wrap--${view}`} />
                  </li>
                </Fragment>
              ))}
            </ul>
          )}
          {listing.hasMore && (
            <div className="listing-more">
              <button
                type="button"
                className="btn btn-outline"
                disabled={listing.loadingMore}
                onClick={listing.loadMore}
              >
                {listing.loadingMore ? LISTING_TEXTS.moreLoading : LISTING_TEXTS.more}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
