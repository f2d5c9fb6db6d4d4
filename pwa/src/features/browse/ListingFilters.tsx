import { useMemo } from 'react';
import {
  PRICE_FILTER_LABELS,
  PRICE_FILTERS,
  type PriceFilter,
  roCollator,
} from '../../../../schema/search.ts';
import { useLocations } from '../home/use-locations.ts';
import type { ListingSearch } from './listing-search.ts';

type Props = {
  search: ListingSearch;
  onChange: (patch: Partial<ListingSearch>) => void;
};

/** The choices of a select, plus the one already chosen (it may come from a shared link). */
function options(values: Iterable<string>, chosen: string | undefined): string[] {
  const set = new Set(values);
  if (chosen) set.add(chosen);
  return [...set].sort(roCollator.compare);
}

/**
 * 'Filtre': price and place. The server searches the whole catalogue, so every county and locality of
 * the SIRUTA list is offered (the list is a lazy chunk, loaded when the filters open).
 */
export function ListingFilters({ search, onChange }: Props) {
  const { module } = useLocations(true);
  const counties = useMemo(() => options(module?.countyNames() ?? [], search.judet), [module, search.judet]);
  const localities = useMemo(
    () => (search.judet ? options(module?.localitiesOf(search.judet) ?? [], search.localitate) : []),
    [module, search.judet, search.localitate],
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
