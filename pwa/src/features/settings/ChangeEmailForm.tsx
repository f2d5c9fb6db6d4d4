import { type FormEvent, useState } from 'react';
import { ACCOUNT_MESSAGES, validateEmailChange } from '../../../../schema/rules/account.ts';
import { api, NetworkError } from '../../api/client.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useSession } from '../session/use-session.ts';
import { OFFLINE_MESSAGE, type Status, StatusLine } from './StatusLine.tsx';

/** 'Schimbă email-ul': the new address; the session is refreshed so every screen shows it. */
export function ChangeEmailForm() {
  const { user, refresh } = useSession();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const error = validateEmailChange(email);
    if (error) return setStatus({ kind: 'error', text: error });
    setBusy(true);
    setStatus(null);
    try {
      const answer = await api<{ message: string }>('/api/users/update-email', {
        method: 'PUT',
        json: { newEmail: email.trim() },
        fallbackError: ACCOUNT_MESSAGES.emailUpdateFailed,
      });
      setEmail('');
      setStatus({ kind: 'success', text: answer.message });
      void refresh(true);
    } catch (err) {
      setStatus({
        kind: 'error',
        text: err instanceof NetworkError ? OFFLINE_MESSAGE : (err as Error).message,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="email-title">
      <h2 id="email-title">Schimbă email-ul</h2>
      {user && (
        <p className="muted">
          Adresa actuală: <strong>{user.email}</strong>
        </p>
      )}
      <TextField
        id="email-new"
        label="Noua adresă de email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <StatusLine status={status} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Se salvează...' : 'Schimbă email-ul'}
      </button>
    </form>
  );
}
