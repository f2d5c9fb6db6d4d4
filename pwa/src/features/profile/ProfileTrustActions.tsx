import { useState } from 'react';
import { BlockButton } from '../trust/BlockButton.tsx';
import { ReportDialog } from '../trust/ReportDialog.tsx';
import '../trust/trust.css';

type Props = {
  userId: string;
  name: string;
  /** Who looks: null for a guest. */
  viewerId: string | null;
  /** Back from signing in to report this person (`?do=report`): the dialog opens once. */
  startReport: boolean;
};

/**
 * 'Blochează' and 'Raportează' on someone else's public profile. A guest sees 'Raportează' too, as on an
 * announcement (issue 45, item 8): the dialog asks them to sign in and brings them back here to finish it.
 */
export function ProfileTrustActions({ userId, name, viewerId, startReport }: Props) {
  const [reporting, setReporting] = useState(() => startReport && !!viewerId && viewerId !== userId);
  if (viewerId === userId) return null;
  return (
    <div className="profile-trust">
      {viewerId && <BlockButton userId={userId} name={name} />}
      <button type="button" className="btn btn-outline btn-small" onClick={() => setReporting(true)}>
        Raportează
      </button>
      {reporting && <ReportDialog target={{ userId }} title={name} onClose={() => setReporting(false)} />}
    </div>
  );
}
