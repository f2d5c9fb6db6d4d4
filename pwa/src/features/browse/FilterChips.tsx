import { topicTitle } from '../../../../schema/catalog/topics.ts';
import { foldDiacritics, PRICE_FILTER_LABELS } from '../../../../schema/search.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import type { ListingSearch } from './listing-search.ts';

type Props = {
  search: ListingSearch;
  onChange: (patch: Partial<ListingSearch>) => void;
  onReset: () => void;
};

type Chip = { key: string; label: string; clear: Partial<ListingSearch> };

/** One chip per active filter (a click removes it) and 'Resetează filtrele' for all of them. */
export function FilterChips({ search, onChange, onReset }: Props) {
  const chips: Chip[] = [];
  if (search.subiect)
    chips.push({ key: 'subiect', label: topicTitle(search.subiect), clear: { subiect: undefined } });
  if (search.q) chips.push({ key: 'q', label: `„${search.q}”`, clear: { q: undefined } });
  if (search.pret)
    chips.push({ key: 'pret', label: PRICE_FILTER_LABELS[search.pret], clear: { pret: undefined } });
  if (search.judet) {
    // County and town of one name (Iași, Iași): the county's chip says it is the county (issue 25).
    const same = !!search.localitate && foldDiacritics(search.localitate) === foldDiacritics(search.judet);
    const label = same ? `Județul ${search.judet}` : search.judet;
    chips.push({ key: 'judet', label, clear: { judet: undefined, localitate: undefined } });
  }
  if (search.localitate)
    chips.push({ key: 'localitate', label: search.localitate, clear: { localitate: undefined } });
  if (chips.length === 0 && !search.sort) return null;

  return (
    <div className="listing-chips">
      {chips.length > 0 && (
        <ul aria-label="Filtre active">
          {chips.map((c) => (
            <li key={c.key}>
              <button
                type="button"
                className="lchip"
                aria-label={`Elimină filtrul ${c.label}`}
                onClick={() => onChange(c.clear)}
              >
                <span>{c.label}</span>
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="link-btn" onClick={onReset}>
        Resetează filtrele
      </button>
    </div>
  );
}
