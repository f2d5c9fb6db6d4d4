import { createFileRoute } from '@tanstack/react-router';
import { type ListingSearch, parseListingSearch } from '../../features/browse/listing-search.ts';

export type CategorySearch = ListingSearch;

/**
 * The listing of a category ('toate' = every category, where the search bars lead). Filters, sort, view
 * and the search text live in the URL; the page itself is a lazy chunk ($category.lazy.tsx), so the home
 * page's first load does not carry it.
 */
export const Route = createFileRoute('/anunturi-categorie/$category')({
  validateSearch: parseListingSearch,
});
