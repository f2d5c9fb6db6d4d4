import { useEffect, useRef, useState } from 'react';
import {
  effectiveSort,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  type SearchSort,
  words,
} from '../../../../schema/search.ts';
import type { Suggestion } from '../../../../schema/suggest.ts';
import { GridIcon, ListIcon, SearchIcon } from '../../ui/icons.tsx';
import { LabeledSelect } from '../../ui/LabeledSelect.tsx';
import type { ListingControls, ViewMode } from './listing-search.ts';
import { useSuggestions } from './use-suggestions.ts';

type Props = ListingControls & {
  filtersOpen: boolean;
  onToggleFilters: () => void;
  /** A topic suggestion was picked: its page (in its category, when it has one). */
  onTopic: (s: Suggestion) => void;
};

/** The grid/list switch: the grid is the default, so it is left out of the URL. */
const VIEWS: { mode: ViewMode; label: string; title: string; Icon: typeof GridIcon }[] = [
  { mode: 'grid', label: 'Afișare în grilă', title: 'Grilă', Icon: GridIcon },
  { mode: 'list', label: 'Afișare în listă', title: 'Listă', Icon: ListIcon },
];

const TYPING_MS = 250;

/** Search box, 'Filtre', sort and the grid/list switch. The text reaches the URL after a short pause. */
export function ListingToolbar({ search, onChange, filtersOpen, onToggleFilters, onTopic }: Props) {
  const [text, setText] = useState(search.q ?? '');
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<string | null>(null);
  const suggestions = useSuggestions(text, focused && picked !== text);
  const open = focused && suggestions.length > 0 && picked !== text;
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

  const pick = (s: Suggestion) => {
    setActive(-1);
    setPicked(s.text);
    if (s.subiect) {
      // The words typed a moment ago must not follow the topic onto its page.
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      setText('');
      onTopic(s);
      return;
    }
    setText(s.text);
    commit(s.text);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = suggestions.length;
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : (i - 1 + n) % n));
    } else if (e.key === 'Enter' && active >= 0 && suggestions[active]) {
      e.preventDefault();
      pick(suggestions[active]!);
    } else if (e.key === 'Escape') {
      setPicked(text);
    }
  };

  const type = (value: string) => {
    setText(value);
    setActive(-1);
    setPicked(null);
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
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          // A click on a suggestion lands before the list closes.
          onBlur={() => setTimeout(() => setFocused(false), 150)}
          placeholder="Caută în anunțuri"
          aria-label="Caută în anunțuri"
          enterKeyHint="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls="listing-suggestions"
          aria-activedescendant={open && active >= 0 ? `listing-suggestion-${active}` : undefined}
        />
        {open && (
          // The combobox pattern (WAI-ARIA): focus stays in the input, arrows move aria-activedescendant.
          <div id="listing-suggestions" className="listing-suggestions" role="listbox" aria-label="Sugestii">
            {suggestions.map((s, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options of a combobox are never focused themselves
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys (arrows, Enter, Escape)
              <div
                key={`${s.subiect ? 't' : 'w'}:${s.text}`}
                id={`listing-suggestion-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(s)}
              >
                {s.text}
                {s.subiect && <span className="listing-suggestion-kind muted"> — subiect</span>}
              </div>
            ))}
          </div>
        )}
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
