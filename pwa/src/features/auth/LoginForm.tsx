import { Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { normalizeLogin, validateLogin } from '../../../../schema/rules/account.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFormFields } from '../../ui/use-form-fields.ts';
import { useSession } from '../session/use-session.ts';
import { AuthSubmit } from './AuthSubmit.tsx';
import { serverMessageOr, useAuthRequest } from './auth-request.ts';
import { SocialButtons } from './SocialButtons.tsx';

export type LoginNotice = { kind: 'success' | 'error'; text: string };

/** Sign-in form: client rules from schema/, the server's Romanian error on failure, values kept. */
export function LoginForm({ notice }: { notice: LoginNotice | null }) {
  const { login } = useSession();
  const navigate = useNavigate();
  const { values, field, show } = useFormFields('login', { email: '', password: '' });
  const request = useAuthRequest(serverMessageOr('Autentificare eșuată'));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = normalizeLogin(values);
    request.setError('');
    if (!show(validateLogin(input))) return;
    await request.run(async () => {
      await login(input.email, input.password);
      await navigate({ to: '/' });
    });
  };

  return (
    <>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <SocialButtons onError={request.setError} />
      <p className="divider">
        <span>SAU</span>
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <PasswordField label="Parolă" autoComplete="current-password" {...field('password')} />
        <p className="form-aside">
          <Link to="/forgot-password">Ai uitat parola?</Link>
        </p>
        <AuthSubmit label="Autentifică-te" busy={request.busy} error={request.error} />
      </form>
      <p className="form-foot">
        <Link to="/signup">Nu ai cont? Înregistrează-te</Link>
      </p>
    </>
  );
}
