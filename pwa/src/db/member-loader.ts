import type { AppSession, Notify } from './types.ts';

export type Member = typeof import('./member.ts');

let memberModule: Promise<Member> | null = null;
let deps: { session: AppSession; notify: Notify } | null = null;

/** What member.ts's outboxes are started with (boot.ts hands in the app's session and toast). */
export function setMemberDeps(app: { session: AppSession; notify: Notify }): void {
  deps = app;
}

/**
 * The signed-in part (member.ts), loaded with the first signed-in session and its outboxes started then.
 * Unreachable (offline and not kept yet): the database runs without it and asks again whenever the sync
 * link comes up (see `attach` in boot.ts's start()); a sign-out's cleanup waits for it (LEAVE_PENDING).
 */
export function member(): Promise<Member | null> {
  memberModule ??= import('./member.ts').then(async (m) => {
    if (!deps) throw new Error('member() before setMemberDeps(): the outboxes would never start');
    m.startOutboxes(deps);
    for (const userId of pendingLeaves()) await leaveDevice(m, userId);
    return m;
  });
  return memberModule.catch((err) => {
    memberModule = null;
    console.warn('Cozile de trimitere nu s-au încărcat', err);
    return null;
  });
}

/** Accounts signed out while member.ts could not load: their device data is removed once it does. */
const LEAVE_PENDING = 'hobbiz_leave_pending';
export function pendingLeaves(): string[] {
  try {
    return JSON.parse(localStorage.getItem(LEAVE_PENDING) ?? '[]') as string[];
  } catch {
    return [];
  }
}
function setPendingLeaves(ids: string[]): void {
  try {
    if (ids.length === 0) localStorage.removeItem(LEAVE_PENDING);
    else localStorage.setItem(LEAVE_PENDING, JSON.stringify(ids));
  } catch {
    /* storage refused: nothing to remember */
  }
}

/**
 * What leaves the device with a person who signs out, besides their database: the photos of their draft,
 * their queued announcements, Background Sync's copy of their token, their chat files, their push
 * subscription. Without member.ts (offline, not kept yet) it is remembered and done when it loads.
 */
export async function leaveDevice(m: Member | null, userId: string): Promise<void> {
  if (!m) {
    setPendingLeaves([...new Set([...pendingLeaves(), userId])]);
    return;
  }
  await m.clearDraftImages(userId);
  await m.clearPendingAnnouncements(userId).catch(() => undefined);
  await m.forgetBackgroundAuth();
  await m.forgetChatFiles();
  await m.dropDeviceSubscription();
  setPendingLeaves(pendingLeaves().filter((id) => id !== userId));
}
