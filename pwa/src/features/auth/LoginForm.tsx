import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { type LoginInput, normalizeLogin, validateLogin } from '../../../../schema/rules/account.ts';
import { ApiError } from '../../api/client.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useSession } from '../session/use-session.ts';
import { SocialButtons } from './SocialButtons.tsx';

type Errors = Partial<Record<keyof LoginInput, string>>;
export type LoginNotice = { kind: 'success' | 'error'; text: string };

/** Sign-in form: client rules from schema/, the server's Romanian error on failure, values kept. */
export function LoginForm({ notice }: { notice: LoginNotice | null }) {
  const { login } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = normalizeLogin({ email, password });
    const found = validateLogin(input);
    setErrors(found);
    setServerError('');
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`login-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await login(input.email, input.password);
      await navigate({ to: '/' });
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : 'Autentificare eșuată');
      setSubmitting(false);
    }
  };

  return (
    <>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <SocialButtons onError={setServerError} />
      <p className="divider">
        <span>SAU</span>
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={errors.email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors((old) => ({ ...old, email: undefined }));
          }}
        />
        <PasswordField
          id="login-password"
          label="Parolă"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((old) => ({ ...old, password: undefined }));
          }}
        />
        <p className="form-aside">
          <Link to="/forgot-password">Ai uitat parola?</Link>
        </p>
        {serverError && (
          <p className="notice notice--error" role="alert">
            {serverError}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? 'Se încarcă...' : 'Autentifică-te'}
        </button>
      </form>
      <p className="form-foot">
        <Link to="/signup">Nu ai cont? Înregistrează-te</Link>
      </p>
    </>
  );
}
