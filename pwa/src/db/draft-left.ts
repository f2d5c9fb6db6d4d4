/**
 * The spec: signing out clears the draft from the device (issue 25, item 6). The account's copy stays on
 * the server for the seller's other devices, so on this device the next sign-in would bring it back. The
 * version left behind is remembered here (localStorage, per person): that version is not shown again on
 * this device and the next thing typed starts a new draft. A newer version — typed on another device after
 * the sign-out — is shown as usual.
 */
import { STORAGE_KEYS } from '../../../schema/constants.ts';

const KEY = 'hobbiz_draft_left';

/** Who is signed in on this device (the session keeps it in localStorage), or null. */
export function deviceUserId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.userId);
  } catch {
    return null;
  }
}

type Left = Record<string, string>;

function read(): Left {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Left) : {};
  } catch {
    return {};
  }
}

function write(left: Left): void {
  try {
    if (Object.keys(left).length) localStorage.setItem(KEY, JSON.stringify(left));
    else localStorage.removeItem(KEY);
  } catch {
    /* storage blocked: the draft comes back at the next sign-in, as before */
  }
}

/** At sign-out: the draft of `userId` last written at `updatedAt` is left behind on this device. */
export function markDraftLeft(userId: string, updatedAt: string): void {
  write({ ...read(), [userId]: updatedAt });
}

/** True for the version of `userId`'s draft left at a sign-out on this device (or an older one). */
export function isLeftDraft(userId: string | null, updatedAt: string): boolean {
  const left = userId ? read()[userId] : undefined;
  return !!left && updatedAt <= left;
}

/** The person typed a new draft: what was left no longer matters. */
export function forgetDraftLeft(userId: string | null): void {
  if (!userId) return;
  const left = read();
  if (!(userId in left)) return;
  delete left[userId];
  write(left);
}
