import { Link, useNavigate } from '@tanstack/react-router';
import { normalizeLogin, validateLogin } from '../../../../schema/rules/account.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useSession } from '../session/use-session.ts';
import { AuthSubmit } from './AuthSubmit.tsx';
import { takeReturn } from './after-login.ts';
import { useAuthForm } from './auth-request.ts';
import { SocialButtons } from './SocialButtons.tsx';

const EMPTY = { email: '', password: '' };

export type LoginNotice = { kind: 'success' | 'error'; text: string };

/** Sign-in form: client rules from schema/, the server's Romanian error on failure, values kept. */
export function LoginForm({ notice }: { notice: LoginNotice | null }) {
  const { login } = useSession();
  const navigate = useNavigate();
  const form = useAuthForm('login', EMPTY, {
    normalize: normalizeLogin,
    validate: validateLogin,
    fallback: 'Autentificare eșuată',
    send: async (input) => {
      await login(input.email, input.password);
      await navigate({ href: takeReturn() });
    },
  });

  return (
    <>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <SocialButtons />
      <p className="divider">
        <span>SAU</span>
      </p>
      <form className="form" noValidate onSubmit={form.submit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('email')}
        />
        <PasswordField label="Parolă" autoComplete="current-password" {...form.field('password')} />
        <p className="form-aside">
          <Link to="/forgot-password">Ai uitat parola?</Link>
        </p>
        <AuthSubmit label="Autentifică-te" busy={form.busy} error={form.error} />
      </form>
      <p className="form-foot">
        <Link to="/signup">Nu ai cont? Înregistrează-te</Link>
      </p>
    </>
  );
}
