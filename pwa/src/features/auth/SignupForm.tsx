import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import {
  normalizeRegistration,
  PASSWORD_HINT,
  type RegistrationInput,
  validateRegistration,
} from '../../../../schema/rules/account.ts';
import { ApiError } from '../../api/client.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFormFields } from '../../ui/use-form-fields.ts';
import { useSession } from '../session/use-session.ts';
import { AuthSubmit } from './AuthSubmit.tsx';

const EMPTY: RegistrationInput = { firstName: '', lastName: '', email: '', password: '', phone: '' };

/** Sign-up form: on success the sign-in page greets the new account ('?registered=1'). */
export function SignupForm() {
  const { register } = useSession();
  const navigate = useNavigate();
  const { values, errors, field, show } = useFormFields('signup', EMPTY);
  const [serverError, setServerError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = normalizeRegistration(values);
    setServerError('');
    if (!show(validateRegistration(input))) return;
    setSubmitting(true);
    try {
      await register(input);
      await navigate({ to: '/login', search: { registered: 1 } });
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : 'Înregistrare eșuată');
      setSubmitting(false);
    }
  };

  return (
    <>
      <form className="form" noValidate onSubmit={submit}>
        <div className="form-row">
          <TextField label="Prenume" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Nume" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <PasswordField
          label="Parolă"
          autoComplete="new-password"
          aria-describedby={errors.password ? 'signup-password-error' : 'signup-password-hint'}
          {...field('password')}
        />
        <p id="signup-password-hint" className="field-hint muted">
          {PASSWORD_HINT}
        </p>
        <TextField
          label="Telefon (opțional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          {...field('phone')}
        />
        <AuthSubmit label="Creează cont" busy={submitting} error={serverError} />
      </form>
      <p className="form-foot">
        <Link to="/login">Ai deja cont? Autentifică-te</Link>
      </p>
    </>
  );
}
