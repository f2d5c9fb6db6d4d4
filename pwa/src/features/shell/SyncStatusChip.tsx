import { pluralRo } from '../../../../schema/format.ts';
import { usePendingChanges } from '../../db/pending-count.ts';
import { useSyncStatus } from '../../db/sync-status.ts';
import { useSession } from '../session/use-session.ts';

/**
 * What the sync engine is doing, in words: offline (and how many changes wait), syncing, or in sync.
 * 'Sincronizat' only while the socket is open and authenticated; a socket the server closed for good
 * (outdated app, ended session) says that sync is stopped. Hidden while connecting with nothing
 * waiting, and for guests who are online.
 */
export function SyncStatusChip() {
  const { status: session } = useSession();
  const status = useSyncStatus();
  const pending = usePendingChanges();
  const waiting =
    pending > 0 ? `${pluralRo(pending, 'modificare', 'modificări', 'de modificări')} în așteptare` : '';

  let text: string;
  let tone: 'ok' | 'busy' | 'off';
  if (status === 'offline') {
    text = waiting ? `Offline · ${waiting}` : 'Offline · afișăm datele salvate';
    tone = 'off';
  } else if (status === 'outdated' || status === 'unauthorized') {
    text = waiting ? `Sincronizare oprită · ${waiting}` : 'Sincronizare oprită';
    tone = 'off';
  } else if (pending > 0) {
    text = `${status === 'online' ? 'Se sincronizează' : 'Se conectează'} · ${waiting}`;
    tone = 'busy';
  } else if (status === 'online') {
    if (session !== 'user') return null;
    text = 'Sincronizat';
    tone = 'ok';
  } else {
    return null;
  }
  return (
    <p className={`sync-chip sync-chip--${tone}`} role="status" aria-live="polite">
      <span className="sync-dot" aria-hidden="true" />
      {text}
    </p>
  );
}
