import { useSyncExternalStore } from 'react';

/** Short-lived messages from anywhere in the app (a refused sync write, a removed favourite…). */
export type Toast = { id: number; text: string; kind: 'info' | 'success' | 'error' };

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const fn of listeners) fn();
};

export function showToast(text: string, kind: Toast['kind'] = 'info', ms = 3000): void {
  current = { id: nextId++, text, kind };
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    notify();
  }, ms);
  notify();
}

export function hideToast(): void {
  if (!current) return;
  current = null;
  if (timer) clearTimeout(timer);
  timer = null;
  notify();
}

export function useToast(): Toast | null {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => current,
    () => null,
  );
}
