import { useState } from 'react';
import type { apiMessage } from '../../../../schema/api/common.ts';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import type { Answer } from '../../api/client.ts';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { mayLeave, useLogout } from '../shell/use-logout.ts';
import { failed, type Status, StatusLine } from './StatusLine.tsx';

/** Revokes every session of the account on the server, then signs this device out like a logout. */
export function LogoutEverywhere() {
  const logout = useLogout();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const confirm = async () => {
    setBusy(true);
    // What this device has not sent yet goes out while its session still works (after the revocation
    // nothing could be sent); if some cannot, the person decides before anything is closed.
    if (!(await mayLeave())) {
      setBusy(false);
      setAsking(false);
      return;
    }
    try {
      const answer = await api<Answer<typeof apiMessage>>('/api/users/logout-all', {
        method: 'POST',
        fallbackError: 'Nu am putut închide sesiunile. Încearcă din nou.',
      });
      await logout(answer.message || ACCOUNT_MESSAGES.loggedOutEverywhere, { checked: true });
    } catch (err) {
      setBusy(false);
      setAsking(false);
      setStatus(failed(err));
    }
  };

  return (
    <section className="settings-form" aria-labelledby="logout-all-title">
      <h2 id="logout-all-title">Ieși din cont de pe toate dispozitivele</h2>
      <p className="muted">
        Închide toate sesiunile contului, inclusiv pe acest dispozitiv. Util dacă ai intrat în cont pe un
        telefon sau calculator pe care nu îl mai folosești.
      </p>
      <StatusLine status={status} />
      <button type="button" className="btn btn-outline" onClick={() => setAsking(true)}>
        Ieși din cont de pe toate dispozitivele
      </button>
      <ConfirmDialog
        open={asking}
        title="Ieși din cont de pe toate dispozitivele?"
        confirmLabel="Ieși de pe toate"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p>Va trebui să te autentifici din nou pe fiecare dispozitiv, inclusiv pe acesta.</p>
      </ConfirmDialog>
    </section>
  );
}
