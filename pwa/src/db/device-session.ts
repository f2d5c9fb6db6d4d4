/**
 * What the shell needs from the local database around a sign-out, without importing RxDB: the lazily
 * loaded boot module registers the real functions once it runs (until then nothing is waiting locally).
 */
export type DeviceSession = {
  /** Local writes and queued announcements of the signed-in person that are not on the server yet. */
  unsynced(): Promise<number>;
  /** Tries to send them (reconnecting now if needed) for at most `ms`; resolves with what still waits. */
  push(ms: number): Promise<number>;
  /** Resolves once the database switch that follows a sign-out (removing the person's data) is done. */
  settled(): Promise<void>;
};

let current: DeviceSession | null = null;
let registered: () => void = () => undefined;
const registration = new Promise<void>((resolve) => {
  registered = resolve;
});

export function setDeviceSession(d: DeviceSession | null): void {
  current = d;
  if (d) registered();
}

/**
 * The boot module loads after the first paint: a sign-out asked for before it has registered waits for
 * it (at most 5 s — on a page whose database chunk never arrives there is nothing to wait for).
 */
async function deviceSession(): Promise<DeviceSession | null> {
  if (!current) await Promise.race([registration, new Promise((r) => setTimeout(r, 5000))]);
  return current;
}

export async function unsyncedChanges(): Promise<number> {
  return (await deviceSession())?.unsynced() ?? 0;
}

export async function pushUnsynced(ms: number): Promise<number> {
  return (await deviceSession())?.push(ms) ?? 0;
}

/** Waits for the local data switch, at most `ms` (a reload must not hang on a stuck IndexedDB). */
export function localDataSettled(ms: number): Promise<void> {
  if (!current) return Promise.resolve();
  return Promise.race([current.settled(), new Promise<void>((r) => setTimeout(r, ms))]);
}
