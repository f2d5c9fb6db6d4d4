import { type ReactNode, useId } from 'react';
import { useShownDialog } from './use-shown-dialog.ts';

type Props = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirm button is styled as destructive. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal confirmation on the native <dialog>: focus moves into it, Escape cancels, the page behind is
 * inert, and focus returns to the opener when it closes. Cancel is focused first (the safe choice);
 * Enter in a field inside it confirms, as in any form.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Anulează',
  danger,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  const ref = useShownDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {/* A form, so Enter in a field of the dialog (the password asked before deleting) confirms. */}
      <form
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          if (!busy) onConfirm();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="dialog-actions">
          {/* biome-ignore lint/a11y/noAutofocus: the safe choice gets focus when the dialog opens */}
          <button type="button" className="btn btn-outline" autoFocus disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="submit" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
