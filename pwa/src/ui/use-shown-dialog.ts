import { useEffect, useRef } from 'react';

/** A native <dialog> shown as a modal while `open` is true (focus moves in; the page behind is inert). */
export function useShownDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
