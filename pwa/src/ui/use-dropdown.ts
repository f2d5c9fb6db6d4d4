import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open state of a disclosure dropdown: closes on Escape (focus back on its button), on a pointer press
 * outside, when focus leaves it, and — for hover menus — a short delay after the pointer leaves.
 */
export function useDropdown<T extends HTMLElement = HTMLButtonElement>(closeDelayMs = 0) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  /** The control that opened the dropdown: focus returns to it on Escape. */
  const buttonRef = useRef<T>(null);
  const timer = useRef<number | undefined>(undefined);

  const cancelClose = useCallback(() => window.clearTimeout(timer.current), []);
  const closeSoon = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(false), closeDelayMs);
  }, [closeDelayMs]);
  const close = useCallback(() => {
    window.clearTimeout(timer.current);
    setOpen(false);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onBlur = useCallback((e: FocusEvent<HTMLElement>) => {
    const next = e.relatedTarget as Node | null;
    if (next && !rootRef.current?.contains(next)) setOpen(false);
  }, []);

  /** What the disclosure button carries: its ref, its state for screen readers, the toggle on click. */
  const toggleProps = (menuId?: string) => ({
    ref: buttonRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': menuId,
    onClick: () => setOpen(!open),
  });

  return { open, setOpen, close, cancelClose, closeSoon, rootRef, buttonRef, onBlur, toggleProps };
}
