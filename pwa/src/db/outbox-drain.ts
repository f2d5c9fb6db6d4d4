import { ApiError, isStorageFull, isWriteLimited, NetworkError, retryLater } from '../api/client.ts';
import { currentSyncClient } from './sync-status.ts';

/**
 * The one drain of the device's outboxes (issue 22): announcements published offline (with their
 * photos), chat files attached offline. Each outbox says how to list what waits and how to send one
 * item; this module owns what happens after an attempt — the one retry rule — and when drains run:
 * `drainAll()` is called from one place (boot.ts, whenever the sync link is (back) up) and by a queue
 * that has just been given something.
 *
 * The retry rule, for every outbox:
 * - sent: next item;
 * - 401 (signed out, session ended): stop; the items wait for the person to be back;
 * - no answer, or a server error (5xx): stop, keep the item; the next 'online' sends it — and if the sync
 *   link is up (only this request failed, no reconnection will come), a try in RETRY_SECONDS;
 * - 429 (a write limit): stop, say why once, try again after the server's Retry-After;
 * - 413 / 507 (a quota of stored bytes full, issue 40): a refusal like the others below, with the
 *   server's words; never retried on its own (a full quota does not empty itself in seconds);
 * - any other refusal: the outbox's `refused` (kept with its reason, or dropped with a message), next.
 * Items carry the id their device made, so a retry after a lost answer never makes a second copy.
 */

export const RETRY_SECONDS = 10;

export type Outcome =
  | { kind: 'signed-out' }
  | { kind: 'unreachable' }
  | { kind: 'limited'; seconds?: number; message: string }
  | { kind: 'refused'; reason: string };

/** What a failed attempt means for the item and the queue (the rule above). */
export function classify(err: unknown): Outcome {
  if (err instanceof ApiError && err.status === 401) return { kind: 'signed-out' };
  if (err instanceof NetworkError || (err instanceof ApiError && err.status >= 500 && !isStorageFull(err)))
    return { kind: 'unreachable' };
  if (isWriteLimited(err)) return { kind: 'limited', seconds: err.retryAfterSeconds, message: err.message };
  if (err instanceof ApiError) return { kind: 'refused', reason: err.message };
  // Not an answer of the server (a bug, a browser that cannot build the request): its message is not
  // for the person. Refused, so it does not loop; the person reads the queue's own Romanian words.
  console.error('Trimiterea din coadă a eșuat', err);
  return { kind: 'refused', reason: UNSENDABLE };
}

/** What the person reads when an item could not even be sent (not a refusal of the server). */
export const UNSENDABLE = 'Nu a putut fi trimis de pe acest dispozitiv. Încearcă din nou.';

export type Outbox<T> = {
  /** Names the queue (its retry timer). */
  name: string;
  /** What waits now, oldest first (items already refused left out). */
  waiting: () => Promise<T[]>;
  /** Sends one item and removes it from the device; throws what api() throws. */
  send: (item: T) => Promise<void>;
  /** The server refused it for good: keep it with `reason` for the person, or drop it and say why. */
  refused: (item: T, reason: string) => Promise<void>;
  /** Said once when a write limit holds the queue back. */
  notify?: (message: string) => void;
};

export type DrainDeps = {
  /** True while the sync link is up (then a failed request has no reconnection to wait for). */
  linkUp: () => boolean;
  later: (key: string, fn: () => void, seconds?: number) => void;
};

const defaultDeps: DrainDeps = {
  linkUp: () => currentSyncClient()?.status$.value === 'online',
  later: retryLater,
};

const running = new Map<string, Promise<void>>();

/** Sends what `outbox` holds by the rule above; one drain per outbox at a time (a second call joins it). */
export function drain<T>(outbox: Outbox<T>, deps: DrainDeps = defaultDeps): Promise<void> {
  const current = running.get(outbox.name);
  if (current) return current;
  const again = () => void drain(outbox, deps);
  const run = (async () => {
    for (const item of await outbox.waiting()) {
      try {
        await outbox.send(item);
      } catch (err) {
        const outcome = classify(err);
        switch (outcome.kind) {
          case 'signed-out':
            return;
          case 'unreachable':
            if (deps.linkUp()) deps.later(outbox.name, again, RETRY_SECONDS);
            return;
          case 'limited':
            outbox.notify?.(outcome.message);
            return deps.later(outbox.name, again, outcome.seconds);
          case 'refused':
            await outbox.refused(item, outcome.reason);
        }
      }
    }
  })().finally(() => running.delete(outbox.name));
  running.set(outbox.name, run);
  return run;
}

const outboxes = new Map<string, () => Promise<void>>();

/** Registers a queue with the one place that drains them all; returns its removal. */
export function registerOutbox(name: string, run: () => Promise<void>): () => void {
  outboxes.set(name, run);
  return () => {
    if (outboxes.get(name) === run) outboxes.delete(name);
  };
}

/** Drains every registered outbox (boot.ts, whenever the sync link is (back) up). */
export function drainAll(): Promise<void> {
  return Promise.all([...outboxes.values()].map((run) => run().catch(() => undefined))).then(() => undefined);
}
