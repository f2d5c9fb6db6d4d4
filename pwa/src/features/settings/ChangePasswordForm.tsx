import type { FormEvent } from 'react';
import type { apiMessage } from '../../../../schema/api/common.ts';
import { ACCOUNT_MESSAGES, validatePasswordChange } from '../../../../schema/rules/account.ts';
import type { Answer } from '../../api/client.ts';
import { api } from '../../api/client.ts';
import { SubmitButton } from '../../ui/FormFoot.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { useFormFields } from '../../ui/use-form-fields.ts';
import { StatusLine, useSave } from './StatusLine.tsx';

const EMPTY = { current: '', new: '' };

/** 'Schimbă parola': current + new. The server revokes the other sessions; this device stays signed in. */
export function ChangePasswordForm() {
  const { values, setValues, field } = useFormFields('pw', EMPTY);
  const { status, setStatus, busy, save } = useSave();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const error = validatePasswordChange(values.current, values.new);
    if (error) return setStatus({ kind: 'error', text: error });
    // On a refusal the typed passwords stay, so a retry is one click.
    await save(async () => {
      const answer = await api<Answer<typeof apiMessage>>('/api/users/update-password', {
        method: 'PUT',
        json: { currentPassword: values.current, newPassword: values.new },
        fallbackError: ACCOUNT_MESSAGES.passwordUpdateFailed,
      });
      setValues(EMPTY);
      return answer.message;
    });
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="pw-title">
      <h2 id="pw-title">Schimbă parola</h2>
      <PasswordField label="Parola curentă" autoComplete="current-password" {...field('current')} />
      <PasswordField label="Parola nouă" autoComplete="new-password" {...field('new')} />
      <StatusLine status={status} />
      <SubmitButton label="Schimbă parola" busy={busy} busyLabel="Se salvează..." />
    </form>
  );
}
