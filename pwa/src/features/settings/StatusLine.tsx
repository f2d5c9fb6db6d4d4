import { useState } from 'react';
import { failureMessage } from '../../api/client.ts';

/** The result line under a settings form: announced politely (success) or assertively (error). */
export type Status = { kind: 'success' | 'error'; text: string } | null;

export const failed = (err: unknown): Status => ({ kind: 'error', text: failureMessage(err) });

/**
 * A settings form's request: `save(work)` marks the form busy, clears the old line, then shows the
 * success message `work` resolves with, or why it failed (what was typed stays). Resolves to success.
 */
export function useSave() {
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const save = async (work: () => Promise<string>): Promise<boolean> => {
    setBusy(true);
    setStatus(null);
    try {
      setStatus({ kind: 'success', text: await work() });
      return true;
    } catch (err) {
      setStatus(failed(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { status, setStatus, busy, setBusy, save };
}

export function StatusLine({ status }: { status: Status }) {
  return (
    <div aria-live="polite">
      {status && (
        <p className={`notice notice--${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
    </div>
  );
}
