/**
 * Where a guest goes back after signing in (issue 25): the page that sent them to /login, with what they
 * were doing ('/announcement/…?do=chat' opens the chat popup again). Passed as /login?redirect=…, kept in
 * sessionStorage for the Google round trip (the server sends it back to /oauth-success), read once.
 * Only a path of this site is accepted ('/…', never '//…' or a scheme): no open redirect.
 */
const KEY = 'hobbiz:after-login';

export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 500) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw.startsWith('/login') || raw.startsWith('/signup') || raw.startsWith('/oauth-success')) return null;
  return raw;
}

export function rememberReturn(raw: unknown): void {
  const path = safeReturnPath(raw);
  try {
    if (path) sessionStorage.setItem(KEY, path);
  } catch {
    /* storage blocked: the person lands on the home page */
  }
}

/** A plain visit to /login starts afresh: a page remembered by an earlier, abandoned sign-in is forgotten. */
export function forgetReturn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}

/** The path to go to now that the person is signed in ('/' when none), forgotten once read. */
export function takeReturn(): string {
  try {
    const path = safeReturnPath(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return path ?? '/';
  } catch {
    return '/';
  }
}

/** The current page as a return path (for a link or a redirect to /login). */
export const hereForReturn = (extra?: Record<string, string>): string => {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(extra ?? {})) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
};
