import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';

export type Confirmation = { password: string; confirmEmail: string };
export const NO_CONFIRMATION: Confirmation = { password: '', confirmEmail: '' };

/**
 * What changing the e-mail and deleting the account ask for (issue 12 item 15): 'Parola actuală', or,
 * for an account made with Google/Facebook that has no password, its e-mail address typed again.
 */
export function IdentityConfirmField({
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
