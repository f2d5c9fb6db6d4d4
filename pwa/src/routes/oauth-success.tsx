import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { STORAGE_KEYS } from '../../../schema/constants.ts';
import { takeReturn } from '../features/auth/after-login.ts';
import { useSession } from '../features/session/use-session.ts';
import { Loading } from '../ui/Loading.tsx';

export const Route = createFileRoute('/oauth-success')({ component: OAuthSuccessPage });

/** Social sign-in callback: keep the token, load the session, go back; no token means back to /login. */
function OAuthSuccessPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    // The app's own sign-in hands the token in the fragment (no server sees it); a link of the spec's
    // shape carries it in the query. Read raw: the router's parser would turn '12e4' into a number.
    const token =
      new URLSearchParams(window.location.hash.slice(1)).get('token') ??
      new URLSearchParams(window.location.search).get('token');
    if (!token) {
      void navigate({ to: '/login', replace: true });
      return;
    }
    let alive = true;
    try {
      localStorage.setItem(STORAGE_KEYS.token, token);
    } catch {
      /* storage blocked: the session check below then treats the visitor as a guest */
    }
    // replace: the token does not stay in the history.
    void refresh(true).then(() => {
      if (alive) void navigate({ href: takeReturn(), replace: true });
    });
    return () => {
      alive = false;
    };
  }, [refresh, navigate]);

  return <Loading page />;
}
