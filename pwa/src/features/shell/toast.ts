import { createStore } from '../../lib/store.ts';

/** Short-lived messages from anywhere in the app (a refused sync write, a removed favourite…). */
export type Toast = { id: number; text: string; kind: 'info' | 'success' | 'error' };

const current = createStore<Toast | null>(null);
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | null = null;

export function showToast(text: string, kind: Toast['kind'] = 'info', ms = 3000): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => current.set(null), ms);
  current.set({ id: nextId++, text, kind });
}

export function hideToast(): void {
  if (!current.get()) return;
  if (timer) clearTimeout(timer);
  timer = null;
  current.set(null);
}

export const useToast = current.useValue;
