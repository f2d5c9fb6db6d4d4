import { useMemo } from 'react';
import { COUNTRY_WIDE } from '../../../../schema/constants.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import {
  PRICE_FILTER_LABELS,
  PRICE_FILTERS,
  type PriceFilter,
  roCollator,
} from '../../../../schema/search.ts';
import type { ListingSearch } from './listing-search.ts';

type Props = {
  announcements: AnnouncementDoc[];
  search: ListingSearch;
  onChange: (patch: Partial<ListingSearch>) => void;
};

/** Sorted, distinct, non-empty values, plus the one already chosen (it may come from a shared link). */
function options(values: Iterable<string>, chosen: string | undefined): string[] {
  const set = new Set([...values].filter((v) => v !== '' && v !== COUNTRY_WIDE));
  if (chosen) set.add(chosen);
  return [...set].sort(roCollator.compare);
}

/**
 * 'Filtre': price and place. The counties and localities offered are those of the listed announcements,
 * so every choice finds something.
 */
export function ListingFilters({ announcements, search, onChange }: Props) {
  const counties = useMemo(
    () =>
      options(
        announcements.map((a) => a.location),
        search.judet,
      ),
    [announcements, search.judet],
  );
  const localities = useMemo(
    () =>
      search.judet
        ? options(
            announcements.filter((a) => a.location === search.judet).map((a) => a.localitate),
            search.localitate,
          )
        : [],
    [announcements, search.judet, search.localitate],
  );

  return (
    <fieldset id="listing-filters" className="listing-filters">
      <legend className="sr-only">Filtre</legend>
      <label>
        <span>Preț</span>
        <select
          aria-label="Preț"
          value={search.pret ?? ''}
          onChange={(e) => onChange({ pret: (e.target.value || undefined) as PriceFilter | undefined })}
        >
          <option value="">Orice preț</option>
          {PRICE_FILTERS.map((p) => (
            <option key={p} value={p}>
              {PRICE_FILTER_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Județ</span>
        <select
          aria-label="Județ"
          value={search.judet ?? ''}
          onChange={(e) => onChange({ judet: e.target.value || undefined, localitate: undefined })}
        >
          <option value="">Toate județele</option>
          {counties.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {search.judet && (
        <label>
          <span>Localitate</span>
          <select
            aria-label="Localitate"
            value={search.localitate ?? ''}
            onChange={(e) => onChange({ localitate: e.target.value || undefined })}
          >
            <option value="">Tot județul</option>
            {localities.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}
