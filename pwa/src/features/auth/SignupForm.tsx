import { Link, useNavigate } from '@tanstack/react-router';
import {
  normalizeRegistration,
  type RegistrationInput,
  validateRegistration,
} from '../../../../schema/rules/account.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useSession } from '../session/use-session.ts';
import { AuthSubmit } from './AuthSubmit.tsx';
import { useAuthForm } from './auth-request.ts';
import { NewPasswordField } from './NewPasswordField.tsx';

const EMPTY: RegistrationInput = { firstName: '', lastName: '', email: '', password: '', phone: '' };

/** Sign-up form: on success the sign-in page greets the new account ('?registered=1'). */
export function SignupForm() {
  const { register } = useSession();
  const navigate = useNavigate();
  const { field, submit, busy, error } = useAuthForm('signup', EMPTY, {
    normalize: normalizeRegistration,
    validate: validateRegistration,
    fallback: 'Înregistrare eșuată',
    send: async (input) => {
      await register(input);
      await navigate({ to: '/login', search: { registered: 1 } });
    },
  });

  return (
    <>
      <form className="form" noValidate onSubmit={submit}>
        <div className="form-row">
          <TextField label="Prenume" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Nume" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <NewPasswordField label="Parolă" {...field('password')} />
        <TextField
          label="Telefon (opțional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          {...field('phone')}
        />
        <AuthSubmit label="Creează cont" busy={busy} error={error} />
      </form>
      <p className="form-foot">
        <Link to="/login">Ai deja cont? Autentifică-te</Link>
      </p>
    </>
  );
}
