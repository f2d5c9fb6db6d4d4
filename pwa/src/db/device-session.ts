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

export function setDeviceSession(d: DeviceSession | null): void {
  current = d;
}

export function unsyncedChanges(): Promise<number> {
  return current ? current.unsynced() : Promise.resolve(0);
}

export function pushUnsynced(ms: number): Promise<number> {
  return current ? current.push(ms) : Promise.resolve(0);
}

/** Waits for the local data switch, at most `ms` (a reload must not hang on a stuck IndexedDB). */
export function localDataSettled(ms: number): Promise<void> {
  if (!current) return Promise.resolve();
  return Promise.race([current.settled(), new Promise<void>((r) => setTimeout(r, ms))]);
}
