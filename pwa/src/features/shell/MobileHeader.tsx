import { type FormEvent, type ReactNode, useState } from 'react';
import { BellIcon } from '../../ui/icons.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { BackButton } from './BackButton.tsx';
import { IconLink } from './IconLink.tsx';
import { useSearchAll } from './search-all.ts';
import { useBadges } from './use-badge-counts.ts';

/**
 * Header under 1200 px: a search field (Enter searches every category) and the notifications bell; the
 * back arrow on pages below the top level; the sync state (a dot, or a line of its own when something
 * waits).
 */
export function MobileHeader({ back, sync }: { back: boolean; sync: ReactNode }) {
  const counts = useBadges();
  const searchAll = useSearchAll();
  const [q, setQ] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    searchAll(q);
  };

  return (
    <header className="hdr-mobile">
      {back && <BackButton />}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for the older phones we target */}
      <form role="search" className="search-pill" onSubmit={submit}>
        <SearchInput value={q} onChange={setQ} />
      </form>
      {sync}
      <IconLink to="/notificari" label="Notificări" count={counts.notifications}>
        <BellIcon />
      </IconLink>
    </header>
  );
}
