import { useCallback, useEffect, useState } from 'react';
import type { apiMessage } from '../../../../schema/api/common.ts';
import type { DeviceSession, deviceSessions } from '../../../../schema/api/users.ts';
import { lastSeenText } from '../../../../schema/format.ts';
import type { Answer } from '../../api/client.ts';
import { api } from '../../api/client.ts';
import { failed, type Status, StatusLine } from './StatusLine.tsx';

/**
 * 'Dispozitive conectate' (issue 21): where the account is signed in — the device in words, when it was
 * last used — and 'Deconectează' for any but this one (whose way out is the menu's logout). An ended
 * session's app is signed out at once (its socket closes).
 */
export function ConnectedDevices() {
  const [devices, setDevices] = useState<DeviceSession[] | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await api<Answer<typeof deviceSessions>>('/api/users/sessions', {
        fallbackError: 'Nu am putut încărca dispozitivele conectate.',
      });
      setDevices(answer.sessions);
    } catch (err) {
      setStatus(failed(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const end = async (d: DeviceSession) => {
    setBusy(d.id);
    setStatus(null);
    try {
      const answer = await api<Answer<typeof apiMessage>>(`/api/users/sessions/${encodeURIComponent(d.id)}`, {
        method: 'DELETE',
        fallbackError: 'Nu am putut deconecta dispozitivul. Încearcă din nou.',
      });
      setStatus({ kind: 'success', text: answer.message });
      setDevices((list) => list?.filter((x) => x.id !== d.id) ?? null);
    } catch (err) {
      setStatus(failed(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="settings-form" aria-labelledby="devices-title">
      <h2 id="devices-title">Dispozitive conectate</h2>
      <p className="muted">
        Aici vezi unde ești autentificat. Deconectează un dispozitiv pe care nu îl recunoști.
      </p>
      <StatusLine status={status} />
      {devices === null ? (
        <p className="muted">Se încarcă…</p>
      ) : (
        <ul className="device-list">
          {devices.map((d) => (
            <li key={d.id} className="device-row">
              <div>
                <strong>{d.device}</strong>
                <span className="muted">
                  {d.current
                    ? 'Acest dispozitiv'
                    : lastSeenText(d.lastSeen).replace(/^Online acum$/, 'Activ acum')}
                </span>
              </div>
              {!d.current && (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busy === d.id}
                  aria-label={`Deconectează ${d.device}`}
                  onClick={() => void end(d)}
                >
                  Deconectează
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
