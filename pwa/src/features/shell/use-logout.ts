import { useCallback } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import { localDataSettled, pushUnsynced, unsyncedChanges } from '../../db/device-session.ts';
import { currentSyncClient } from '../../db/sync-status.ts';
import { createStore } from '../../lib/store.ts';
import { queueFlash } from '../session/flash.ts';
import { useSession } from '../session/use-session.ts';
import { hideToast, showToast } from './toast.ts';

/** How long a logout waits for unsynced changes to reach the server before asking. */
const PUSH_BEFORE_LOGOUT_MS = 4000;

/** The question asked when a logout would lose changes (shown by LogoutPromptDialog). */
export type LogoutPrompt = { count: number; answer: (leave: boolean) => void };

const prompt = createStore<LogoutPrompt | null>(null);

export const useLogoutPrompt = prompt.useValue;

/**
 * "Never lose what a user typed": a logout removes the person's local data, so what has not reached
 * the server yet is pushed first (a short wait), and if some is still waiting the person decides.
 * Resolves true to go on with the logout.
 */
export async function mayLeave(): Promise<boolean> {
  let left = await unsyncedChanges();
  if (left === 0) return true;
  // The server has already closed this session (e.g. 'Ieși din cont de pe toate dispozitivele'):
  // nothing can be sent any more, and staying would only keep a dead session.
  if (currentSyncClient()?.status$.value === 'unauthorized') return true;
  showToast('Se trimit modificările tale pe server…', 'info', PUSH_BEFORE_LOGOUT_MS + 1000);
  left = await pushUnsynced(PUSH_BEFORE_LOGOUT_MS);
  hideToast();
  if (left === 0) return true;
  return new Promise<boolean>((resolve) => {
    prompt.set({
      count: left,
      answer: (leave) => {
        prompt.set(null);
        resolve(leave);
      },
    });
  });
}

let leaving = false;

/**
 * 'Deconectează-te': sign out, then reload on the home page; the info message survives the reload and
 * the shell shows it for 3 s. `message` replaces the spec's text (e.g. after logging out everywhere).
 * Unsynced changes are pushed first, or the person is asked (see mayLeave).
 */
export function useLogout(): (message?: string, opts?: { checked?: boolean }) => Promise<void> {
  const { logout } = useSession();
  return useCallback(
    async (message = 'Ai fost deconectat din cont.', opts: { checked?: boolean } = {}) => {
      if (leaving) return;
      leaving = true;
      try {
        // `checked`: the caller has already run mayLeave (and the person answered).
        if (!opts.checked && !(await mayLeave())) return;
        await logout();
        // The person's local data is removed before the reload, not raced by it.
        await localDataSettled(5000);
        queueFlash({ text: message, kind: 'info', ms: TIMINGS.logoutMessageMs });
        window.location.assign('/');
      } finally {
        leaving = false;
      }
    },
    [logout],
  );
}
