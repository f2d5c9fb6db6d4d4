import { useCallback, useEffect, useState } from 'react';
import type { BlockedUser } from '../../../../schema/api/trust.ts';
import { api } from '../../api/client.ts';
import { setBlocked } from '../../db/relations.ts';
import { failed, type Status, StatusLine } from './StatusLine.tsx';

/** 'Utilizatori blocați' (issue 24): whom the person blocked, newest first, each with 'Deblochează'. */
export function BlockedUsers() {
  const [people, setPeople] = useState<BlockedUser[] | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setPeople(
        await api<BlockedUser[]>('/api/users/blocked', {
          fallbackError: 'Nu am putut încărca utilizatorii blocați.',
        }),
      );
    } catch (err) {
      setStatus(failed(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const unblock = async (p: BlockedUser) => {
    setBusy(p.userId);
    setStatus(null);
    try {
      setStatus({ kind: 'success', text: await setBlocked(p.userId, false) });
      setPeople((list) => list?.filter((x) => x.userId !== p.userId) ?? null);
    } catch (err) {
      setStatus(failed(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="settings-form" aria-labelledby="blocked-title">
      <h2 id="blocked-title">Utilizatori blocați</h2>
      <p className="muted">Cine e blocat nu îți poate scrie și nu îți trimite notificări.</p>
      <StatusLine status={status} />
      {people === null ? (
        !status && <p className="muted">Se încarcă…</p>
      ) : people.length === 0 ? (
        <p className="muted">Nu ai blocat pe nimeni.</p>
      ) : (
        <ul className="blocked-list">
          {people.map((p) => {
            const name = `${p.firstName} ${p.lastName}`.trim() || 'Utilizator Hobbiz';
            return (
              <li key={p.userId}>
                <span>{name}</span>
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busy === p.userId}
                  aria-label={`Deblochează pe ${name}`}
                  onClick={() => void unblock(p)}
                >
                  Deblochează
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
