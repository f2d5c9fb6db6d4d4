/**
 * The foot every form of the app shares: the refusal (server's Romanian message, announced as an
 * alert), then the submit button, which is disabled and says what is happening while the form is busy.
 */
export function FormError({ message }: { message?: string | null }) {
  return message ? (
    <p className="notice notice--error" role="alert">
      {message}
    </p>
  ) : null;
}

type SubmitProps = {
  label: string;
  busy: boolean;
  /** What the button says while busy; the label itself when left out. */
  busyLabel?: string;
  className?: string;
};

export function SubmitButton({ label, busy, busyLabel = label, className = 'btn btn-primary' }: SubmitProps) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * 'Anulează' beside the submit button (edit forms and dialogs); both wait while the form is busy. The
 * button saves unless told otherwise: 'Salvează', 'Se salvează...' meanwhile.
 */
export function CancelSubmitRow({
  className,
  onCancel,
  label = 'Salvează',
  busyLabel = 'Se salvează...',
  busy,
}: Omit<SubmitProps, 'label' | 'className'> & { label?: string; className: string; onCancel: () => void }) {
  return (
    <div className={className}>
      <button type="button" className="btn btn-outline" disabled={busy} onClick={onCancel}>
        Anulează
      </button>
      <SubmitButton label={label} busy={busy} busyLabel={busyLabel} />
    </div>
  );
}
