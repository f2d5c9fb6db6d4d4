import { useMemo } from 'react';
import {
  PRICE_FILTER_LABELS,
  PRICE_FILTERS,
  type PriceFilter,
  roCollator,
} from '../../../../schema/search.ts';
import { LabeledSelect } from '../../ui/LabeledSelect.tsx';
import { useLocations } from '../home/use-locations.ts';
import type { ListingControls } from './listing-search.ts';

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
export function ListingFilters({ search, onChange }: ListingControls) {
  const { module } = useLocations(true);
  const counties = useMemo(() => options(module?.countyNames() ?? [], search.judet), [module, search.judet]);
  const localities = useMemo(
    () => (search.judet ? options(module?.localitiesOf(search.judet) ?? [], search.localitate) : []),
    [module, search.judet, search.localitate],
  );

  return (
    <fieldset id="listing-filters" className="listing-filters">
      <legend className="sr-only">Filtre</legend>
      <LabeledSelect
        label="Preț"
        value={search.pret ?? ''}
        options={PRICE_FILTERS}
        text={(p) => PRICE_FILTER_LABELS[p]}
        empty="Orice preț"
        onChange={(v) => onChange({ pret: (v || undefined) as PriceFilter | undefined })}
      />
      <LabeledSelect
        label="Județ"
        value={search.judet ?? ''}
        options={counties}
        empty="Toate județele"
        onChange={(v) => onChange({ judet: v || undefined, localitate: undefined })}
      />
      {search.judet && (
        <LabeledSelect
          label="Localitate"
          value={search.localitate ?? ''}
          options={localities}
          empty="Tot județul"
          onChange={(v) => onChange({ localitate: v || undefined })}
        />
      )}
    </fieldset>
  );
}
