import { type FormEvent, useState } from 'react';
import type { updateEmailAnswer } from '../../../../schema/api/users.ts';
import { ACCOUNT_MESSAGES, validateEmailChange } from '../../../../schema/rules/account.ts';
import type { Answer } from '../../api/client.ts';
import { api } from '../../api/client.ts';
import { SubmitButton } from '../../ui/FormFoot.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useSession } from '../session/use-session.ts';
import { useIdentityConfirm } from './IdentityConfirmField.tsx';
import { StatusLine, useSave } from './StatusLine.tsx';

/**
 * 'Schimbă email-ul': the new address and 'Parola actuală' (a social-only account types its address);
 * the session is refreshed so every screen shows it. A refusal keeps what was typed.
 */
export function ChangeEmailForm() {
  const { user, refresh } = useSession();
  const [email, setEmail] = useState('');
  const identity = useIdentityConfirm('email-confirm');
  const { status, setStatus, busy, save } = useSave();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const error = validateEmailChange(email) ?? identity.missing();
    if (error) return setStatus({ kind: 'error', text: error });
    await save(async () => {
      const answer = await api<Answer<typeof updateEmailAnswer>>('/api/users/update-email', {
        method: 'PUT',
        json: { newEmail: email.trim(), ...identity.proof() },
        fallbackError: ACCOUNT_MESSAGES.emailUpdateFailed,
      });
      setEmail('');
      identity.reset();
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
      {identity.field}
      <StatusLine status={status} />
      <SubmitButton label="Schimbă email-ul" busy={busy} busyLabel="Se salvează..." />
    </form>
  );
}
