import { type FormEvent, useState } from 'react';
import { COUNTRY_WIDE } from '../../../../schema/constants.ts';
import { BellIcon, SearchIcon } from '../../ui/icons.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { IconLink } from '../shell/IconLink.tsx';
import { useSearchAll } from '../shell/search-all.ts';
import { useBadges } from '../shell/use-badge-counts.ts';
import { CategoryMenu } from './CategoryMenu.tsx';
import { LocationPicker } from './LocationPicker.tsx';
import type { LocationChoice } from './LocationPopover.tsx';

const EVERYWHERE: LocationChoice = { judet: '', localitate: '', label: COUNTRY_WIDE };

/**
 * Home search row. From md: 'Categorii', the text, the read-only location field and 'Caută'. Below md the
 * same form turns compact (location pin, icon-only search). Under 1200 px it also carries the bell, which
 * the desktop header holds above that width.
 */
export function HomeSearch() {
  const searchAll = useSearchAll();
  const counts = useBadges();
  const [q, setQ] = useState('');
  const [where, setWhere] = useState<LocationChoice>(EVERYWHERE);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    searchAll(q, where);
  };

  return (
    <div className="home-search">
      <CategoryMenu />
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for the older phones we target */}
      <form role="search" className="hs-form" onSubmit={submit}>
        <span className="hs-text">
          <SearchInput value={q} onChange={setQ} />
        </span>
        <LocationPicker value={where} onChange={setWhere} />
        <button type="submit" className="btn btn-primary hs-submit">
          <SearchIcon size={20} />
          <span className="sr-only hs-submit-text">Caută</span>
        </button>
      </form>
      <IconLink to="/notificari" label="Notificări" count={counts.notifications} className="hs-bell">
        <BellIcon />
      </IconLink>
    </div>
  );
}
