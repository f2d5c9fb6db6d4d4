import { type FormEvent, useState } from 'react';
import type { apiMessage } from '../../../../schema/api/common.ts';
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
 * 'Schimbă email-ul': the new address and 'Parola actuală' (a social-only account types its address).
 * The new address waits for the link mailed to it (issue 40, L1): the account's address stays the one
 * shown until then, and the waiting one is named below it (from the session's profile, so offline too).
 * A refusal keeps what was typed.
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
          Adresa actuală: <strong>{user.email}</strong>{' '}
          <span className={user.emailVerified ? 'email-state' : 'email-state email-state--pending'}>
            {user.emailVerified ? 'confirmată' : 'neconfirmată'}
          </span>
        </p>
      )}
      {user?.pendingEmail && <p className="muted">{ACCOUNT_MESSAGES.emailPending(user.pendingEmail)}</p>}
      {user && !user.emailVerified && <ResendConfirmation />}
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

/**
 * An address not confirmed yet (issue 21): why it matters, and a new link on demand. Until then a
 * Google/Facebook sign-in with this address would take the account over.
 */
function ResendConfirmation() {
  const { status, busy, save } = useSave();
  const send = () =>
    save(async () => {
      const answer = await api<Answer<typeof apiMessage>>('/api/users/verify-email/resend', {
        method: 'POST',
        fallbackError: 'Nu am putut trimite e-mailul. Încearcă din nou.',
      });
      return answer.message;
    });
  return (
    <div className="email-confirm">
      <p className="muted">
        Confirmă adresa din e-mailul primit la înregistrare, ca nimeni altcineva să nu poată prelua contul.
      </p>
      <StatusLine status={status} />
      <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void send()}>
        Trimite din nou e-mailul de confirmare
      </button>
    </div>
  );
}
