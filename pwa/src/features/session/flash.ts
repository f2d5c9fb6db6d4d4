/**
 * One-shot messages that must survive a page reload (logout and account deletion reload the app
 * after showing their message). Kept in sessionStorage and shown by the shell on the next start.
 */
export type Flash = { text: string; kind: 'info' | 'success' | 'error'; ms: number };

const KEY = 'hobbiz_flash';

export function queueFlash(flash: Flash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    /* private mode: the message is lost, nothing else is */
  }
}

export function takeQueuedFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    return JSON.parse(raw) as Flash;
  } catch {
    return null;
  }
}
