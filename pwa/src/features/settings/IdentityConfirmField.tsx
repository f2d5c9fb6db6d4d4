import { useState } from 'react';
import { confirmationError } from '../../../../schema/rules/account.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useSession } from '../session/use-session.ts';

type Confirmation = { password: string; confirmEmail: string };
const NO_CONFIRMATION: Confirmation = { password: '', confirmEmail: '' };

/**
 * The proof of identity a form asks for, with its field: `missing()` says what is not filled in yet,
 * `proof()` is what the server checks (the password, or the address typed again), `reset()` empties it.
 */
export function useIdentityConfirm(id: string) {
  const { user } = useSession();
  // A profile cached before the field existed: ask for the password (the server says otherwise if not).
  const hasPassword = user?.hasPassword !== false;
  const [value, setValue] = useState<Confirmation>(NO_CONFIRMATION);
  return {
    missing: () => confirmationError(hasPassword, value),
    proof: () => (hasPassword ? { password: value.password } : { confirmEmail: value.confirmEmail }),
    reset: () => setValue(NO_CONFIRMATION),
    field: <IdentityConfirmField id={id} hasPassword={hasPassword} value={value} onChange={setValue} />,
  };
}

/**
 * What changing the e-mail and deleting the account ask for (issue 12 item 15): 'Parola actuală', or,
 * for an account made with Google/Facebook that has no password, its e-mail address typed again.
 */
function IdentityConfirmField({
  id,
  hasPassword,
  value,
  onChange,
}: {
  id: string;
  hasPassword: boolean;
  value: Confirmation;
  onChange: (next: Confirmation) => void;
}) {
  return hasPassword ? (
    <PasswordField
      id={id}
      label="Parola actuală"
      autoComplete="current-password"
      value={value.password}
      onChange={(e) => onChange({ ...value, password: e.target.value })}
    />
  ) : (
    <TextField
      id={id}
      label="Adresa de email a contului (confirmare)"
      type="email"
      autoComplete="off"
      value={value.confirmEmail}
      onChange={(e) => onChange({ ...value, confirmEmail: e.target.value })}
    />
  );
}
