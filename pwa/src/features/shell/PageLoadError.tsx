import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { isChunkError } from '../../lib/retry-import.ts';

export const PAGE_LOAD_TEXT = {
  offlineTitle: 'Pagina nu este salvată pe acest telefon',
  offlineBody:
    'Ești offline, iar pagina aceasta nu a fost deschisă până acum pe acest telefon. Se deschide singură când revine conexiunea la internet.',
  failedTitle: 'Pagina nu s-a putut încărca',
  failedBody: 'Verifică conexiunea la internet și încearcă din nou.',
  errorTitle: 'A apărut o eroare neașteptată',
  errorBody: 'Reîncarcă pagina. Dacă eroarea se repetă, scrie-ne din pagina de contact.',
  retry: 'Încearcă din nou',
  home: 'Înapoi la pagina principală',
} as const;

/** True for an error of loading a lazy page's code (a script or its stylesheet): lib/retry-import.ts. */
export const isChunkLoadError = isChunkError;

function subscribeOnline(fn: () => void) {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
}

/** True the first time a page's code fails in this tab (the mark is kept in sessionStorage). */
function reloadOnce(path: string): boolean {
  const key = `hobbiz_chunk_reload:${path}`;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
    return true;
  } catch {
    return false; // storage blocked: no way to stop a loop, so no automatic reload
  }
}

/** The router's error page: says in Romanian what happened; a page missing offline opens once online. */
export function PageLoadError({ error }: ErrorComponentProps) {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const chunk = isChunkLoadError(error);
  // A lazy page that failed stays failed in this page's module map: a fresh load fetches it again.
  useEffect(() => {
    if (!chunk) return;
    const reload = () => window.location.reload();
    // Online, the file is most likely gone with a new release: one fresh load per page and tab brings
    // the new one (what TanStack's lazyRouteComponent did for the text pages; now every lazy page).
    if (navigator.onLine && reloadOnce(window.location.pathname)) return reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [chunk]);

  const [title, body] = !chunk
    ? [PAGE_LOAD_TEXT.errorTitle, PAGE_LOAD_TEXT.errorBody]
    : online
      ? [PAGE_LOAD_TEXT.failedTitle, PAGE_LOAD_TEXT.failedBody]
      : [PAGE_LOAD_TEXT.offlineTitle, PAGE_LOAD_TEXT.offlineBody];
  return (
    <section className="page page-load-error" role="alert">
      <h1>{title}</h1>
      <p className="muted">{body}</p>
      <p className="page-load-error__actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {PAGE_LOAD_TEXT.retry}
        </button>{' '}
        <Link to="/" className="btn">
          {PAGE_LOAD_TEXT.home}
        </Link>
      </p>
    </section>
  );
}
