import type { DraftDoc } from '../../../schema/entities.ts';
import { DRAFT_FIELDS, type DraftField } from '../../../schema/fields.ts';

/** The draft's text fields (what the publish form edits). */
export type DraftFields = Omit<DraftDoc, 'id' | 'updatedAt'>;
export { DRAFT_FIELDS, type DraftField };

/** A field both sides changed, differently, since the version they shared. */
export type DraftConflict = { field: DraftField; mine: string; theirs: string };

/**
 * Three-way merge of the draft, field by field, against `base` — the version both sides last shared (null:
 * none, i.e. empty). A field only one side changed takes that side's text; a field both changed to
 * different texts takes `theirs` (the newer version, already on the server) and is reported, so the person
 * chooses — their text is never dropped silently, nor pushed over the newer one without their choice.
 */
export function mergeDraftFields(
  base: DraftFields | null,
  mine: DraftFields,
  theirs: DraftFields,
): { merged: DraftFields; conflicts: DraftConflict[] } {
  const merged = { ...theirs };
  const conflicts: DraftConflict[] = [];
  for (const field of DRAFT_FIELDS) {
    const b = base?.[field] ?? '';
    const m = mine[field];
    const t = theirs[field];
    if (m === t || m === b) merged[field] = t;
    else if (t === b) merged[field] = m;
    else {
      merged[field] = t;
      conflicts.push({ field, mine: m, theirs: t });
    }
  }
  return { merged, conflicts };
}

export function pickDraftFields(doc: DraftFields): DraftFields {
  return Object.fromEntries(DRAFT_FIELDS.map((f) => [f, doc[f] ?? ''])) as DraftFields;
}

export function sameDraftFields(a: DraftFields, b: DraftFields): boolean {
  return DRAFT_FIELDS.every((f) => a[f] === b[f]);
}
