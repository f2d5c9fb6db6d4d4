import { useState } from 'react';
import { pluralRo } from '../../../../schema/format.ts';
import { SYNC_MESSAGES } from '../../../../schema/sync.ts';
import { usePendingChanges } from '../../db/pending-count.ts';
import { useSyncLimited, useSyncStatus } from '../../db/sync-status.ts';
import type { SyncStatus } from '../../db/sync-wait.ts';
import { useSession } from '../session/use-session.ts';

export type SyncTone = 'ok' | 'busy' | 'off';
export type SyncState = { text: string; tone: SyncTone };

/**
 * What the sync engine is doing, in words: offline (and how many changes wait), syncing, or in sync.
 * 'Sincronizat' only while the socket is open and authenticated; a socket the server closed for good
 * (outdated app, ended session) says that sync is stopped. Nothing while connecting with nothing
 * waiting, and for guests who are online.
 */
/**
 * The status as the person should see it: a reconnect attempt after the link went down ('connecting'
 * after 'offline') is still offline until it succeeds. Otherwise the offline line vanished at every
 * attempt and came back when it failed, and the page under it jumped by its height every few seconds on a
 * weak link (issue 45, item 11a).
 */
export function steadyStatus(shown: SyncStatus, now: SyncStatus): SyncStatus {
  return now === 'connecting' && shown === 'offline' ? 'offline' : now;
}

/** useSyncStatus() through steadyStatus, remembering what was shown at the previous render. */
function useSteadySyncStatus(): SyncStatus {
  const now = useSyncStatus();
  const [shown, setShown] = useState(now);
  const next = steadyStatus(shown, now);
  if (next !== shown) setShown(next);
  return next;
}

export function useSyncState(): SyncState | null {
  const { status: session } = useSession();
  const status = useSteadySyncStatus();
  const pending = usePendingChanges();
  const limited = useSyncLimited();
  const waiting =
    pending > 0 ? `${pluralRo(pending, 'modificare', 'modificări', 'de modificări')} în așteptare` : '';

  if (status === 'offline' && limited) {
    // The server refused this device's flood of requests: it waits, then connects again by itself.
    return {
      text: waiting ? `${SYNC_MESSAGES.tooManyRequests} · ${waiting}` : SYNC_MESSAGES.tooManyRequests,
      tone: 'off',
    };
  }
  if (status === 'offline') {
    return { text: waiting ? `Offline · ${waiting}` : 'Offline · afișăm datele salvate', tone: 'off' };
  }
  if (status === 'outdated' || status === 'unauthorized') {
    return { text: waiting ? `Sincronizare oprită · ${waiting}` : 'Sincronizare oprită', tone: 'off' };
  }
  if (pending > 0) {
    return {
      text: `${status === 'online' ? 'Se sincronizează' : 'Se conectează'} · ${waiting}`,
      tone: 'busy',
    };
  }
  if (status === 'online' && session === 'user') return { text: 'Sincronizat', tone: 'ok' };
  return null;
}

/**
 * The sync state as it sits in a header: quiet when in sync (a green dot, and the word where there is
 * room), a tinted pill when something waits or sync is off. It is part of the header's layout, so it
 * never covers the page.
 */
export function SyncStatusChip({ state }: { state: SyncState }) {
  return (
    <p className={`sync-chip sync-chip--${state.tone}`} role="status" aria-live="polite">
      <span className="sync-dot" aria-hidden="true" />
      <span className="sync-text">{state.text}</span>
    </p>
  );
}
