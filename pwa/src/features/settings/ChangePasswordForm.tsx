import { type FormEvent, useState } from 'react';
import { ACCOUNT_MESSAGES, validatePasswordChange } from '../../../../schema/rules/account.ts';
import { api, NetworkError } from '../../api/client.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { OFFLINE_MESSAGE, type Status, StatusLine } from './StatusLine.tsx';

/** 'Schimbă parola': current + new. The server revokes the other sessions; this device stays signed in. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const error = validatePasswordChange(current, next);
    if (error) return setStatus({ kind: 'error', text: error });
    setBusy(true);
    setStatus(null);
    try {
      const answer = await api<{ message: string }>('/api/users/update-password', {
        method: 'PUT',
        json: { currentPassword: current, newPassword: next },
        fallbackError: ACCOUNT_MESSAGES.passwordUpdateFailed,
      });
      setCurrent('');
      setNext('');
      setStatus({ kind: 'success', text: answer.message });
    } catch (err) {
      // The typed passwords stay, so a retry is one click.
      setStatus({
        kind: 'error',
        text: err instanceof NetworkError ? OFFLINE_MESSAGE : (err as Error).message,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="pw-title">
      <h2 id="pw-title">Schimbă parola</h2>
      <PasswordField
        id="pw-current"
        label="Parola curentă"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <PasswordField
        id="pw-new"
        label="Parola nouă"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      <StatusLine status={status} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Se salvează...' : 'Schimbă parola'}
      </button>
    </form>
  );
}
