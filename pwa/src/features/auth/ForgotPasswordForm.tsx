import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_HINT,
  validateResetConfirm,
  validateResetRequest,
} from '../../../../schema/rules/account.ts';
import { ApiError, api } from '../../api/client.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';

type Errors = { email?: string; code?: string; password?: string };
const OFFLINE = 'Nu ne putem conecta la server. Verifică internetul și încearcă din nou.';

/**
 * 'Ai uitat parola?': step 1 asks for the email and sends a code; step 2 takes the code and a new
 * password (the sign-up rule). What was typed stays on any error; success goes to /login with a notice.
 */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [info, setInfo] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const failed = (err: unknown) =>
    setServerError(
      err instanceof ApiError ? err.message : err instanceof Error ? OFFLINE : ACCOUNT_MESSAGES.resetFailed,
    );

  const requestCode = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const clean = email.trim().toLowerCase();
    const error = validateResetRequest(clean);
    setErrors(error ? { email: error } : {});
    setServerError('');
    if (error) return document.getElementById('forgot-email')?.focus();
    setSubmitting(true);
    try {
      const answer = await api<{ message: string }>('/api/users/forgot-password', {
        method: 'POST',
        json: { email: clean },
        fallbackError: ACCOUNT_MESSAGES.resetFailed,
      });
      setInfo(answer.message);
      setStep('code');
      // The next field to fill, once it is on screen.
      window.setTimeout(() => document.getElementById('forgot-code')?.focus(), 0);
    } catch (err) {
      failed(err);
    } finally {
      setSubmitting(false);
    }
  };

  const confirm = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = { email: email.trim().toLowerCase(), code: code.replace(/\s+/g, ''), password };
    const found = validateResetConfirm(input);
    setErrors(found);
    setServerError('');
    const first = (['code', 'password'] as const).find((k) => found[k]);
    if (first || found.email) {
      if (found.email) setStep('email');
      return document.getElementById(`forgot-${first ?? 'email'}`)?.focus();
    }
    setSubmitting(true);
    try {
      await api('/api/users/reset-password', {
        method: 'POST',
        json: input,
        fallbackError: ACCOUNT_MESSAGES.resetFailed,
      });
      await navigate({ to: '/login', search: { reset: 1 } });
    } catch (err) {
      failed(err);
      setSubmitting(false);
    }
  };

  const clear = (name: keyof Errors) => setErrors((old) => ({ ...old, [name]: undefined }));
  const alert = serverError && (
    <p className="notice notice--error" role="alert">
      {serverError}
    </p>
  );

  if (step === 'email') {
    return (
      <form className="form" noValidate onSubmit={requestCode}>
        <p className="muted">Scrie adresa de email a contului și îți trimitem un cod de resetare.</p>
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={errors.email}
          onChange={(e) => {
            setEmail(e.target.value);
            clear('email');
          }}
        />
        {alert}
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? 'Se încarcă...' : 'Trimite codul'}
        </button>
        <p className="form-foot">
          <Link to="/login">Înapoi la autentificare</Link>
        </p>
      </form>
    );
  }

  return (
    <form className="form" noValidate onSubmit={confirm}>
      {info && (
        <p className="notice notice--success" role="status">
          {info}
        </p>
      )}
      <TextField
        id="forgot-code"
        label="Codul primit pe email"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        value={code}
        error={errors.code}
        onChange={(e) => {
          setCode(e.target.value);
          clear('code');
        }}
      />
      <PasswordField
        id="forgot-password"
        label="Parola nouă"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        aria-describedby={errors.password ? 'forgot-password-error' : 'forgot-password-hint'}
        onChange={(e) => {
          setPassword(e.target.value);
          clear('password');
        }}
      />
      <p id="forgot-password-hint" className="field-hint muted">
        {PASSWORD_HINT}
      </p>
      {alert}
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
        {submitting ? 'Se încarcă...' : 'Schimbă parola'}
      </button>
      <p className="form-foot form-foot--stack">
        <button
          type="button"
          className="btn-link"
          onClick={() => {
            setStep('email');
            setServerError('');
            setInfo('');
          }}
        >
          Nu ai primit codul? Trimite-l din nou
        </button>
        <Link to="/login">Înapoi la autentificare</Link>
      </p>
    </form>
  );
}
