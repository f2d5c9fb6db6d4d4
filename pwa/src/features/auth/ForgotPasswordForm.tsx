import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { apiMessage } from '../../../../schema/api/common.ts';
import {
  ACCOUNT_MESSAGES,
  validateResetConfirm,
  validateResetRequest,
} from '../../../../schema/rules/account.ts';
import type { Answer } from '../../api/client.ts';
import { ApiError, api } from '../../api/client.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useFormFields } from '../../ui/use-form-fields.ts';
import { AuthSubmit } from './AuthSubmit.tsx';
import { useAuthRequest } from './auth-request.ts';
import { NewPasswordField } from './NewPasswordField.tsx';

const OFFLINE = 'Nu ne putem conecta la server. Verifică internetul și încearcă din nou.';

/**
 * 'Ai uitat parola?': step 1 asks for the email and sends a code; step 2 takes the code and a new
 * password (the sign-up rule). What was typed stays on any error; success goes to /login with a notice.
 */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const { values, field, show } = useFormFields('forgot', { email: '', code: '', password: '' });
  const [info, setInfo] = useState('');
  const request = useAuthRequest((err) =>
    err instanceof ApiError ? err.message : err instanceof Error ? OFFLINE : ACCOUNT_MESSAGES.resetFailed,
  );

  const requestCode = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const clean = values.email.trim().toLowerCase();
    const error = validateResetRequest(clean);
    request.setError('');
    if (!show(error ? { email: error } : {})) return;
    await request.run(async () => {
      const answer = await api<Answer<typeof apiMessage>>('/api/users/forgot-password', {
        method: 'POST',
        json: { email: clean },
        fallbackError: ACCOUNT_MESSAGES.resetFailed,
      });
      setInfo(answer.message);
      setStep('code');
      // The next field to fill, once it is on screen.
      window.setTimeout(() => document.getElementById('forgot-code')?.focus(), 0);
    });
  };

  const confirm = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = {
      email: values.email.trim().toLowerCase(),
      code: values.code.replace(/\s+/g, ''),
      password: values.password,
    };
    const found = validateResetConfirm(input);
    request.setError('');
    if (found.email) setStep('email');
    if (!show(found, ['code', 'password', 'email'])) return;
    await request.run(async () => {
      await api('/api/users/reset-password', {
        method: 'POST',
        json: input,
        fallbackError: ACCOUNT_MESSAGES.resetFailed,
      });
      await navigate({ to: '/login', search: { reset: 1 } });
    });
  };

  if (step === 'email') {
    return (
      <form className="form" noValidate onSubmit={requestCode}>
        <p className="muted">Scrie adresa de email a contului și îți trimitem un cod de resetare.</p>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <AuthSubmit label="Trimite codul" busy={request.busy} error={request.error} />
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
        label="Codul primit pe email"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        {...field('code')}
      />
      <NewPasswordField label="Parola nouă" {...field('password')} />
      <AuthSubmit label="Schimbă parola" busy={request.busy} error={request.error} />
      <p className="form-foot form-foot--stack">
        <button
          type="button"
          className="btn-link"
          onClick={() => {
            setStep('email');
            request.setError('');
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
