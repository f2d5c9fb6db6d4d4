import type { BehaviorSubject } from 'rxjs';
import { SYNC_LIMITS } from '../../../schema/sync.ts';
import { ConnectionLost } from './sync-requests.ts';

export type SyncStatus = 'connecting' | 'online' | 'offline' | 'outdated' | 'unauthorized';

/**
 * Resolves once the socket is authenticated; rejects at once when offline or refused, and after the
 * request timeout when the handshake never ends (`onTimeout` then drops the socket that did not answer).
 */
export function whenReady(status$: BehaviorSubject<SyncStatus>, onTimeout: () => void): Promise<void> {
  const now = status$.value;
  if (now === 'online') return Promise.resolve();
  if (now !== 'connecting') return Promise.reject(new ConnectionLost('Fără conexiune de sincronizare'));
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.unsubscribe();
      reject(new ConnectionLost('Conectarea pentru sincronizare a expirat'));
      onTimeout();
    }, SYNC_LIMITS.requestTimeoutMs);
    const sub = status$.subscribe((s) => {
      if (s === 'connecting') return;
      clearTimeout(timer);
      queueMicrotask(() => sub.unsubscribe());
      if (s === 'online') resolve();
      else reject(new ConnectionLost('Fără conexiune de sincronizare'));
    });
  });
}

/**
 * Resolves when the socket is authenticated: at once, or the moment it is back. Rejects when the client
 * is closed (the status completes) or the server refused it for good.
 */
export function whenOnline(status$: BehaviorSubject<SyncStatus>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      fn();
      queueMicrotask(() => sub.unsubscribe());
    };
    const sub = status$.subscribe({
      next: (s) => {
        if (s === 'online') finish(resolve);
        else if (s === 'outdated' || s === 'unauthorized')
          finish(() => reject(new Error('Sincronizarea este oprită')));
      },
      complete: () => finish(() => reject(new Error('Conexiunea de sincronizare s-a închis'))),
    });
  });
}

export const pageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
export const deviceOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** GET /api/health with a short timeout: does the server answer at all? */
export async function serverAnswers(): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), SYNC_LIMITS.probeTimeoutMs);
  try {
    const res = await fetch(`${location.protocol}//${location.host}/api/health`, {
      cache: 'no-store',
      signal: abort.signal,
    });
    return res.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
