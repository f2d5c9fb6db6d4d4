import { useEffect, useRef } from 'react';

type Props = {
  title: string;
  text?: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A native modal dialog (focus kept inside, Escape cancels) asking to confirm something irreversible. */
export function ConfirmDialog({ title, text, confirmLabel, busy, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="my-dialog"
      aria-labelledby="confirm-title"
      aria-describedby={text ? 'confirm-text' : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      {text && <p id="confirm-text">{text}</p>}
      <div className="my-dialog-actions">
        <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onCancel}>
          Anulează
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
