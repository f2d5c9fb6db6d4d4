import { createLazyFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES, OAUTH_ERRORS, type OAuthErrorCode } from '../../../schema/rules/account.ts';
import { forgetReturn, rememberReturn } from '../features/auth/after-login.ts';
import { LoginForm, type LoginNotice } from '../features/auth/LoginForm.tsx';
import { session } from '../features/session/session-store.ts';
import { useSession } from '../features/session/use-session.ts';

export const Route = createLazyFileRoute('/login')({ component: LoginPage });

/** A code the server sends (OAUTH_ERRORS); anything else in the address says nothing. */
const isOAuthError = (v: unknown): v is OAuthErrorCode =>
  typeof v === 'string' && Object.hasOwn(OAUTH_ERRORS, v);

function LoginPage() {
  const { registered, reset, oauthError, redirect } = Route.useSearch();
  // Back to the page that sent the guest here once signed in (issue 25), also after sign-up or Google.
  // A plain /login (not the way back from sign-up, Google or a reset) forgets an older, abandoned one.
  const plain = !redirect && !registered && !reset && !oauthError;
  useEffect(() => {
    if (redirect) rememberReturn(redirect);
    else if (plain) forgetReturn();
  }, [redirect, plain]);
  // The server ended the session on this device (revoked elsewhere, expired): say so once.
  const { expired } = useSession();
  const [sessionEnded, setSessionEnded] = useState(expired);
  useEffect(() => {
    if (!expired) return;
    setSessionEnded(true);
    session.clearExpired();
  }, [expired]);
  const notice: LoginNotice | null = sessionEnded
    ? { kind: 'error', text: ACCOUNT_MESSAGES.sessionEnded }
    : isOAuthError(oauthError)
      ? { kind: 'error', text: OAUTH_ERRORS[oauthError] }
      : reset
        ? { kind: 'success', text: ACCOUNT_MESSAGES.resetDone }
        : registered
          ? { kind: 'success', text: 'Cont creat cu succes! Te poți autentifica.' }
          : null;
  return (
    <section className="auth">
      <div className="auth-card">
        <h1>Autentificare</h1>
        <p className="muted">Intră în contul tău Hobbiz.</p>
        <LoginForm notice={notice} />
      </div>
    </section>
  );
}
