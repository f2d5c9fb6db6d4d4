import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { pluralRo } from '../../../../schema/format.ts';
import { useSyncStatus } from '../../db/sync-status.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useSession } from '../session/use-session.ts';
import { useLogoutPrompt } from './use-logout.ts';

/** The new service worker (skipWaiting) is fetched and activated before the reload, so it serves the new app. */
async function reloadForUpdate(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    await reg?.update();
    const next = reg?.installing ?? reg?.waiting;
    if (next && next.state !== 'activated') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000);
        next.addEventListener('statechange', () => {
          if (next.state === 'activated') {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    }
  } catch {
    /* no service worker (or no network): a plain reload still asks the server */
  }
  window.location.reload();
}

/** The server refused this version (sync socket 4426): sync stays off until the page is reloaded. */
function OutdatedBanner() {
  const [busy, setBusy] = useState(false);
  return (
    <div className="update-banner" role="alert">
      <p>A apărut o versiune nouă a aplicației. Reîncarcă pagina pentru a continua sincronizarea.</p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void reloadForUpdate();
        }}
      >
        Reîncarcă
      </button>
    </div>
  );
}

function LogoutPromptDialog() {
  const prompt = useLogoutPrompt();
  // Not in the prerendered page; once shown it stays mounted, so closing it returns focus natively.
  // The count stays while it closes (no flash of other text).
  const lastCount = useRef(0);
  if (prompt) lastCount.current = prompt.count;
  if (lastCount.current === 0) return null;
  const n = lastCount.current;
  const one = n === 1;
  const what = one ? 'o modificare' : pluralRo(n, 'modificare', 'modificări', 'de modificări');
  return (
    <ConfirmDialog
      open={!!prompt}
      title="Ai modificări netrimise"
      confirmLabel="Ieși oricum"
      cancelLabel="Rămân conectat"
      danger
      onConfirm={() => prompt?.answer(true)}
      onCancel={() => prompt?.answer(false)}
    >
      <p>
        Ai {what} care nu {one ? 'a' : 'au'} ajuns încă pe server. Dacă ieși acum, se{' '}
        {one ? 'pierde' : 'pierd'}.
      </p>
      <p className="muted">
        Dacă rămâi conectat, {one ? 'se trimite' : 'se trimit'} automat când revine conexiunea.
      </p>
    </ConfirmDialog>
  );
}

/**
 * Session and sync situations the person must act on: an outdated app (reload banner), a logout that
 * would lose changes (dialog), and a session closed by the server (to /login, which says why).
 */
export function SyncNotices() {
  const status = useSyncStatus();
  const { expired } = useSession();
  const navigate = useNavigate();
  const onLogin = useRouterState({ select: (s) => s.location.pathname === '/login' });
  useEffect(() => {
    if (expired && !onLogin) void navigate({ to: '/login', replace: true });
  }, [expired, onLogin, navigate]);
  return (
    <>
      {status === 'outdated' && <OutdatedBanner />}
      <LogoutPromptDialog />
    </>
  );
}
