/**
 * A dynamic import() that is tried again when the code could not be fetched (issue 45, item 12). Browsers
 * that follow the older HTML rule keep a failed module fetch in the page's module map: the same import()
 * fails at once until a reload, so code a page preloads for offline use (the publish outbox's page) would
 * never arrive if the link dropped while it loaded. Each new try waits for the connection, and asks for the
 * file under a fresh query (`?retry=N`) that no module map has seen; the service worker answers it from the
 * chunk cache when it has the file (vite.config.ts ignores that parameter) and keeps it for the plain name.
 */

/** Tries after the first: spread over about a minute and a half of a link that keeps dropping. */
export const IMPORT_RETRIES = 4;
/** The wait before the first new try while the browser says it is online; doubled at each try. */
export const IMPORT_RETRY_MS = 5_000;

/** The query parameter of a new try (the service worker's precache ignores it: vite.config.ts). */
export const RETRY_PARAM = 'retry';

/** True for an error of fetching code (a module, its imports, or a chunk's stylesheet): Chromium, Firefox, Safari, Vite's CSS preload. */
export function isChunkError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /dynamically imported module|module script failed|Unable to preload CSS|Failed to fetch/i.test(
    message,
  );
}

/** The address Chromium and Firefox name in the error ('… dynamically imported module: <url>'), or null. */
export function failedModuleUrl(err: unknown): string | null {
  const message = err instanceof Error ? err.message : String(err);
  const match = /dynamically imported module:?\s*(\S+)/i.exec(message);
  if (!match) return null;
  try {
    const url = new URL(match[1]!, globalThis.location?.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `url` with this try's `?retry=N` (a name the module map has not failed on). */
export function retryUrl(url: string, attempt: number): string {
  const u = new URL(url);
  u.searchParams.set(RETRY_PARAM, String(attempt));
  return u.href;
}

type Options = {
  retries?: number;
  delayMs?: number;
  /** How a new try imports an address (injected by tests; the browser's import() otherwise). */
  importUrl?: (url: string) => Promise<unknown>;
  /** Resolves when it is worth trying again (tests inject their own). */
  wait?: (ms: number) => Promise<void>;
};

/** Resolves once the browser is online again and `ms` have passed, whichever comes last. */
function connected(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const online = () =>
      new Promise<void>((r) => {
        if (typeof navigator === 'undefined' || navigator.onLine !== false) return r();
        window.addEventListener('online', () => r(), { once: true });
      });
    setTimeout(() => void online().then(resolve), ms);
  });
}

const browserImport = (url: string) => import(/* @vite-ignore */ url);

/**
 * `load()`, tried again up to `retries` times when the code could not be fetched (any other error is
 * thrown at once). A new try imports the address named in the error under a fresh `?retry=N` when the
 * error names one, else calls `load()` again (a browser that keeps no failures, or Safari, which names
 * none). Rejects with the last error.
 */
export async function importRetrying<T>(load: () => Promise<T>, opts: Options = {}): Promise<T> {
  const {
    retries = IMPORT_RETRIES,
    delayMs = IMPORT_RETRY_MS,
    importUrl = browserImport,
    wait = connected,
  } = opts;
  let lastError: unknown;
  let url: string | null = null;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await wait(delayMs * 2 ** (attempt - 1));
    try {
      return url ? ((await importUrl(retryUrl(url, attempt))) as T) : await load();
    } catch (err) {
      if (!isChunkError(err)) throw err;
      lastError = err;
      url ??= failedModuleUrl(err);
    }
  }
  throw lastError;
}
