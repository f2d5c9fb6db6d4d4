import { useCallback, useEffect, useState } from 'react';
import { ApiError, api, NetworkError } from '../../api/client.ts';

/** Our own texts where the spec names the buttons but not their outcome (doc 1 §2, "My announcements"). */
export const MY_MESSAGES = {
  deleteConfirm: 'Sigur vrei să ștergi acest anunț?',
  deleteFailed: 'Eroare la ștergerea anunțului!',
  deleted: 'Anunțul a fost șters.',
  renewed: 'Anunțul a fost reactualizat și apare din nou printre cele mai noi.',
  renewFailed: 'Eroare la reactualizarea anunțului. Încearcă din nou!',
  deactivated: 'Anunțul a fost dezactivat: nu mai este vizibil pentru ceilalți.',
  activated: 'Anunțul a fost activat și este din nou vizibil pentru toți.',
  activeFailed: 'Eroare la schimbarea stării anunțului. Încearcă din nou!',
  offline: 'Nu ești conectat la internet. Încearcă din nou când revine conexiunea.',
  empty: 'Nu ai încă niciun anunț publicat',
  emptyFiltered: 'Nu au fost găsite anunțuri cu criteriile selectate',
  pendingDiscarded: 'Anunțul în așteptare a fost șters de pe dispozitiv.',
} as const;

/** Runs a server-only action; resolves with null on success or the Romanian reason it failed. */
async function attempt(run: () => Promise<unknown>, fallback: string): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (err) {
    if (err instanceof NetworkError) return MY_MESSAGES.offline;
    if (err instanceof ApiError) return err.message;
    return fallback;
  }
}

const path = (id: string) => `/api/users/my-announcements/${id}`;

/** Spec doc 1 §8: any failure to delete is announced with the one message. */
export const deleteMine = async (id: string) =>
  (await attempt(() => api(path(id), { method: 'DELETE' }), MY_MESSAGES.deleteFailed))
    ? MY_MESSAGES.deleteFailed
    : null;

export const renewMine = (id: string) =>
  attempt(
    () => api(`${path(id)}/renew`, { method: 'POST', fallbackError: MY_MESSAGES.renewFailed }),
    MY_MESSAGES.renewFailed,
  );

export const setMineActive = (id: string, active: boolean) =>
  attempt(
    () =>
      api(`${path(id)}/active`, { method: 'PUT', json: { active }, fallbackError: MY_MESSAGES.activeFailed }),
    MY_MESSAGES.activeFailed,
  );

export const askReview = (id: string) =>
  attempt(
    () => api(`${path(id)}/review-request`, { method: 'POST', fallbackError: MY_MESSAGES.activeFailed }),
    MY_MESSAGES.activeFailed,
  );

/** What the owner reads of an announcement moderation hid: its card here and its own page (issue 45, item 5). */
export const hiddenByModeration = (reason: string) => `Ascuns de moderare. Motiv: ${reason}`;

/**
 * Issue 24: which of my announcements a moderator (or the automatic hold) hid, and why — asked of the
 * server when the page opens online (an id → reason map; empty offline, when nothing can be asked).
 * `ask` false asks nothing (an announcement page whose viewer is not its owner, or one that is active).
 */
export function useHiddenMine(ask = true): [Map<string, string>, () => void] {
  const [hidden, setHidden] = useState(new Map<string, string>());
  const load = useCallback(async () => {
    if (!ask) return;
    try {
      const list = await api<{ id: string; reason: string }[]>('/api/users/my-announcements/hidden');
      setHidden(new Map(list.map((h) => [h.id, h.reason])));
    } catch {
      // Offline or refused: the cards show what the device knows (inactive).
    }
  }, [ask]);
  useEffect(() => {
    void load();
  }, [load]);
  return [hidden, () => void load()];
}
