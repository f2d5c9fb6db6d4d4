/** The result line under a settings form: announced politely (success) or assertively (error). */
export type Status = { kind: 'success' | 'error'; text: string } | null;

export const OFFLINE_MESSAGE = 'Nu ești conectat la internet. Încearcă din nou când revine conexiunea.';

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
