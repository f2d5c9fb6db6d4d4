import { useEffect, useRef, useState } from 'react';
import {
  effectiveSort,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  type SearchSort,
  words,
} from '../../../../schema/search.ts';
import { GridIcon, ListIcon, SearchIcon } from '../../ui/icons.tsx';
import { LabeledSelect } from '../../ui/LabeledSelect.tsx';
import type { ListingControls, ViewMode } from './listing-search.ts';

type Props = ListingControls & { filtersOpen: boolean; onToggleFilters: () => void };

/** The grid/list switch: the grid is the default, so it is left out of the URL. */
const VIEWS: { mode: ViewMode; label: string; title: string; Icon: typeof GridIcon }[] = [
  { mode: 'grid', label: 'Afișare în grilă', title: 'Grilă', Icon: GridIcon },
  { mode: 'list', label: 'Afișare în listă', title: 'Listă', Icon: ListIcon },
];

const TYPING_MS = 250;

/** Search box, 'Filtre', sort and the grid/list switch. The text reaches the URL after a short pause. */
export function ListingToolbar({ search, onChange, filtersOpen, onToggleFilters }: Props) {
  const [text, setText] = useState(search.q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sent = useRef(search.q ?? '');

  // The URL changed from elsewhere (a chip removed, reset, Back): show what it says now.
  useEffect(() => {
    const q = search.q ?? '';
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [search.q]);

  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  const commit = (value: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const q = value.trim();
    sent.current = q;
    onChange({ q: q || undefined });
  };

  const type = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), TYPING_MS);
  };

  const view = search.view ?? 'grid';
  return (
    <div className="listing-bar">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for the older phones we target */}
      <form
        role="search"
        className="listing-search"
        onSubmit={(e) => {
          e.preventDefault();
          commit(text);
        }}
      >
        <SearchIcon size={18} />
        <input
          type="search"
          value={text}
          onChange={(e) => type(e.target.value)}
          placeholder="Caută în anunțuri"
          aria-label="Caută în anunțuri"
          enterKeyHint="search"
        />
      </form>
      <div className="listing-controls">
        <button
          type="button"
          className={filtersOpen ? 'btn btn-outline is-on' : 'btn btn-outline'}
          aria-expanded={filtersOpen}
          aria-controls="listing-filters"
          onClick={onToggleFilters}
        >
          Filtre
        </button>
        <LabeledSelect
          className="listing-sort"
          label="Sortează"
          value={effectiveSort(search.q, search.sort, !!search.subiect)}
          options={SEARCH_SORTS.filter(
            (s) => s !== 'relevance' || !!search.subiect || words(search.q ?? '').length > 0,
          )}
          text={(s) => SEARCH_SORT_LABELS[s]}
          onChange={(v) => {
            const sort = v as SearchSort;
            onChange({
              sort: sort === effectiveSort(search.q, undefined, !!search.subiect) ? undefined : sort,
            });
          }}
        />
        {/* biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form fieldset */}
        <div className="listing-view" role="group" aria-label="Mod de afișare">
          {VIEWS.map(({ mode, label, title, Icon }) => (
            <button
              key={mode}
              type="button"
              className="icon-btn"
              aria-pressed={view === mode}
              aria-label={label}
              title={title}
              onClick={() => onChange({ view: mode === 'grid' ? undefined : mode })}
            >
              <Icon size={20} />
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
