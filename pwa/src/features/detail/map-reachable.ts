/**
 * Whether the maps host answers at all. An iframe fires `load` even for the browser's own error page
 * (no network, blocked host, DNS failure), so the frame cannot tell; a `no-cors` HEAD request to the
 * same address can: it settles with an opaque answer when the host was reached and rejects when it was
 * not. Gives up after `timeoutMs`.
 */
export async function mapReachable(url: string, timeoutMs: number): Promise<boolean> {
  try {
    await fetch(url, {
      method: 'HEAD',
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return true;
  } catch {
    return false;
  }
}
