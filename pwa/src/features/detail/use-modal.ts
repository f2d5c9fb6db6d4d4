import { type RefObject, useEffect, useRef } from 'react';

/**
 * Opens a native <dialog> as a modal on mount (focus moves in and stays in; Escape fires 'cancel') and
 * gives focus back to what had it when the dialog goes away.
 */
export function useModal(ref: RefObject<HTMLDialogElement | null>, onCancel: () => void): void {
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const cancel = (e: Event) => {
      e.preventDefault();
      cancelRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      before?.focus();
    };
  }, [ref]);
}
