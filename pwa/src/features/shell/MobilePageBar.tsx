import type { ReactNode } from 'react';
import { BackButton } from './BackButton.tsx';

/**
 * Phones, on the pages where the spec hides the search header below the top level (detail, listing,
 * static and account pages): the back arrow, and the sync state at the other end.
 */
export function MobilePageBar({ sync }: { sync: ReactNode }) {
  return (
    <header className="hdr-mobile hdr-page">
      <BackButton />
      <span className="hdr-spacer" />
      {sync}
    </header>
  );
}
