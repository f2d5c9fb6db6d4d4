import type { ComponentProps } from 'react';
import { PASSWORD_HINT } from '../../../../schema/rules/account.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';

/** A new password (sign-up, reset) with the rule written under it; a wrong one is described by its message. */
export function NewPasswordField(props: ComponentProps<typeof PasswordField>) {
  const hintId = `${props.id}-hint`;
  return (
    <>
      <PasswordField
        autoComplete="new-password"
        aria-describedby={props.error ? `${props.id}-error` : hintId}
        {...props}
      />
      <p id={hintId} className="field-hint muted">
        {PASSWORD_HINT}
      </p>
    </>
  );
}
