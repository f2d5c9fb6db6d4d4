import type { DraftConflict, DraftField } from './draft-merge.ts';

/**
 * Fields of the draft that another device changed while this one had its own change to them: the newer
 * text is in the draft, this device's text waits here (kept on the device, so a reload loses nothing)
 * until the person chooses on the publish page ('Păstrează varianta mea' / 'Folosește varianta nouă').
 */
const keyOf = (userId: string) => `hobbiz:draft-conflicts:${userId}`;
const listeners = new Set<() => void>();

export function draftConflicts(userId: string | null): DraftConflict[] {
  if (!userId) return [];
  try {
    const raw = localStorage.getItem(keyOf(userId));
    return raw ? (JSON.parse(raw) as DraftConflict[]) : [];
  } catch {
    return [];
  }
}

function store(userId: string, conflicts: DraftConflict[]): void {
  if (conflicts.length > 0) localStorage.setItem(keyOf(userId), JSON.stringify(conflicts));
  else localStorage.removeItem(keyOf(userId));
  for (const fn of listeners) fn();
}

/** Adds conflicts; a field already waiting takes the latest (this device's newest text and the newer one). */
export function recordDraftConflicts(userId: string | null, conflicts: DraftConflict[]): void {
  if (!userId || conflicts.length === 0) return;
  const waiting = draftConflicts(userId);
  const next = [...waiting];
  for (const c of conflicts) {
    const i = next.findIndex((w) => w.field === c.field);
    if (i === -1) next.push(c);
    else next[i] = c;
  }
  store(userId, next);
}

/** The person chose (or the draft was published): the fields' conflicts are over. */
export function settleDraftConflicts(userId: string | null, fields?: readonly DraftField[]): void {
  if (!userId) return;
  const left = fields ? draftConflicts(userId).filter((c) => !fields.includes(c.field)) : [];
  store(userId, left);
}

export function onDraftConflicts(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
