import { type FormEvent, useState } from 'react';
import {
  ACCOUNT_MESSAGES,
  confirmationError,
  validateEmailChange,
} from '../../../../schema/rules/account.ts';
import { api } from '../../api/client.ts';
import { SubmitButton } from '../../ui/FormFoot.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useSession } from '../session/use-session.ts';
import { type Confirmation, IdentityConfirmField, NO_CONFIRMATION } from './IdentityConfirmField.tsx';
import { StatusLine, useSave } from './StatusLine.tsx';

/**
 * 'Schimbă email-ul': the new address and 'Parola actuală' (a social-only account types its address);
 * the session is refreshed so every screen shows it. A refusal keeps what was typed.
 */
export function ChangeEmailForm() {
  const { user, refresh } = useSession();
  const [email, setEmail] = useState('');
  const [confirm, setConfirm] = useState<Confirmation>(NO_CONFIRMATION);
  // A profile cached before the field existed: ask for the password (the server says otherwise if not).
  const hasPassword = user?.hasPassword !== false;
  const { status, setStatus, busy, save } = useSave();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const error = validateEmailChange(email) ?? confirmationError(hasPassword, confirm);
    if (error) return setStatus({ kind: 'error', text: error });
    await save(async () => {
      const answer = await api<{ message: string }>('/api/users/update-email', {
        method: 'PUT',
        json: hasPassword
          ? { newEmail: email.trim(), password: confirm.password }
          : { newEmail: email.trim(), confirmEmail: confirm.confirmEmail },
        fallbackError: ACCOUNT_MESSAGES.emailUpdateFailed,
      });
      setEmail('');
      setConfirm(NO_CONFIRMATION);
      void refresh(true);
      return answer.message;
    });
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
      <IdentityConfirmField
        id="email-confirm"
        hasPassword={hasPassword}
        value={confirm}
        onChange={setConfirm}
      />
      <StatusLine status={status} />
      <SubmitButton label="Schimbă email-ul" busy={busy} busyLabel="Se salvează..." />
    </form>
  );
}
