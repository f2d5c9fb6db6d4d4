import { useState } from 'react';
import { ApiError } from '../../api/client.ts';

/**
 * The request behind a sign-in, sign-up or password-reset form: `run(work)` keeps the button busy
 * meanwhile; a refusal is shown as `describe(err)` and what was typed stays.
 */
export function useAuthRequest(describe: (err: unknown) => string) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

/** The server's Romanian refusal, or `fallback` when there is none (offline, no answer). */
export const serverMessageOr = (fallback: string) => (err: unknown) =>
  err instanceof ApiError ? err.message : fallback;
