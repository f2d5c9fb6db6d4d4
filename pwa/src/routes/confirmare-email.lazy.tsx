import { createLazyFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { apiMessage } from '../../../schema/api/common.ts';
import { ACCOUNT_MESSAGES } from '../../../schema/rules/account.ts';
import type { Answer } from '../api/client.ts';
import { api, failureMessage } from '../api/client.ts';
import { useSession } from '../features/session/use-session.ts';
import { Loading } from '../ui/Loading.tsx';

export const Route = createLazyFileRoute('/confirmare-email')({ component: ConfirmEmailPage });

/**
 * The link of a confirmation mail (issue 21): `?u=<account>&t=<one-time token>`, posted once to
 * /api/users/verify-email; says what happened in Romanian. Works signed in or not.
 */
function ConfirmEmailPage() {
  const { status: session, refresh } = useSession();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    // Read raw: the router's search parser would turn an id such as '12e4…' into a number.
    const params = new URLSearchParams(window.location.search);
    const userId = params.get('u') ?? '';
    const token = params.get('t') ?? '';
    let alive = true;
    // replace: the one-time token does not stay in the address bar or the history.
    window.history.replaceState(null, '', '/confirmare-email');
    void api<Answer<typeof apiMessage>>('/api/users/verify-email', {
      method: 'POST',
      json: { userId, token },
      fallbackError: ACCOUNT_MESSAGES.verifyLinkInvalid,
    })
      .then((answer) => {
        if (!alive) return;
        setResult({ ok: true, text: answer.message });
        void refresh(true);
      })
      .catch((err) => alive && setResult({ ok: false, text: failureMessage(err) }));
    return () => {
      alive = false;
    };
  }, [refresh]);

  if (!result) return <Loading page />;
  return (
    <section className="auth">
      <div className="auth-card">
        <h1>Confirmarea adresei de e-mail</h1>
        <p role={result.ok ? 'status' : 'alert'}>{result.text}</p>
        {session === 'user' ? (
          <Link to="/setari-cont" className="btn btn-primary">
            Mergi la Setări cont
          </Link>
        ) : (
          <Link to="/login" className="btn btn-primary">
            Autentifică-te
          </Link>
        )}
      </div>
    </section>
  );
}
