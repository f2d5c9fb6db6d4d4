import type { DraftDoc } from '../../../schema/entities.ts';
import { DRAFT_ID } from '../../../schema/fields.ts';
import { deviceUserId, forgetDraftLeft, isLeftDraft } from './draft-left.ts';
import { DRAFT_FIELDS, type DraftFields, pickDraftFields } from './draft-merge.ts';
import { markDirty } from './pending-count.ts';
import { currentDatabase, onDatabase } from './registry.ts';
import type { HobbizDatabase } from './types.ts';

/**
 * The announcement draft: one replicated document ('draft') in the current person's database. A guest's
 * stays on the device; an account's follows the seller to their other devices. Written while typing,
 * read when the publish page opens, removed after a successful publish.
 */
export type { DraftFields };

export const EMPTY_DRAFT = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, ''])) as DraftFields;

export function isEmptyDraft(d: DraftFields): boolean {
  return DRAFT_FIELDS.every((f) => d[f].trim() === '');
}

/** Resolves with the database once one is open (the boot module opens it after the first paint). */
export function whenDatabase(): Promise<HobbizDatabase> {
  const db = currentDatabase();
  if (db) return Promise.resolve(db);
  return new Promise((resolve) => {
    const off = onDatabase((next) => {
      if (!next) return;
      queueMicrotask(() => off());
      resolve(next);
    });
  });
}

/**
 * Calls `fn` with the stored draft now and whenever it changes (e.g. it arrives from another device),
 * until the returned function is called.
 */
export function watchDraft(fn: (draft: DraftFields | null) => void): () => void {
  let sub: { unsubscribe(): void } | null = null;
  let stopped = false;
  void whenDatabase().then((db) => {
    if (stopped) return;
    sub = db.drafts.findOne(DRAFT_ID).$.subscribe((doc) => {
      // The version left at a sign-out on this device does not come back here (draft-left.ts).
      if (!doc || isLeftDraft(deviceUserId(), doc.updatedAt)) return fn(null);
      const fields = pickDraftFields(doc.toJSON() as DraftDoc);
      fn(isEmptyDraft(fields) ? null : fields);
    });
  });
  return () => {
    stopped = true;
    sub?.unsubscribe();
  };
}

/**
 * Draft writes run one after another: a save still in flight when 'Publică' clears the draft would
 * otherwise land after the removal and bring the published text back as a draft.
 */
let writes: Promise<void> = Promise.resolve();
function inOrder(write: () => Promise<void>): Promise<void> {
  writes = writes.then(write, write);
  return writes;
}

/**
 * Saves what is typed now (works offline; replication pushes it later). `changed` holds only the fields
 * the person changed: they are written over the stored draft at write time, so a newer text of another
 * field that arrived from another device meanwhile is kept, not overwritten by a stale copy.
 */
export function saveDraft(changed: Partial<DraftFields>): Promise<void> {
  return inOrder(() => writeDraft(changed));
}

async function writeDraft(changed: Partial<DraftFields>): Promise<void> {
  const db = currentDatabase();
  if (!db) return;
  const stored = await db.drafts.findOne(DRAFT_ID).exec();
  // What was left at a sign-out is not merged into the new draft: typing here starts afresh.
  const user = deviceUserId();
  const left = !!stored && isLeftDraft(user, stored.updatedAt);
  const prev = stored && !left ? pickDraftFields(stored.toJSON() as DraftDoc) : EMPTY_DRAFT;
  const doc: DraftDoc = { id: DRAFT_ID, ...prev, ...changed, updatedAt: new Date().toISOString() };
  await db.drafts.upsert(doc);
  if (left) forgetDraftLeft(user);
  markDirty('drafts', DRAFT_ID);
}

/** After a publish: the draft is gone on every device of the seller. */
export function clearDraft(): Promise<void> {
  return inOrder(removeDraft);
}

async function removeDraft(): Promise<void> {
  const db = currentDatabase();
  if (!db) return;
  const doc = await db.drafts.findOne(DRAFT_ID).exec();
  if (!doc) return;
  await doc.remove();
  markDirty('drafts', DRAFT_ID);
}
