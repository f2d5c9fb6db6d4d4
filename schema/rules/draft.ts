import { LIMITS } from '../constants.ts';
import { type DraftDoc, draftDoc } from '../entities.ts';
import { DRAFT_FIELDS } from '../fields.ts';

/**
 * Longest a draft field may be while typing: room to type past a §5 rule (its message then shows) but
 * bounded. The §5 rules themselves apply only when publishing.
 */
export const DRAFT_TYPING_MAX = { description: LIMITS.descriptionMax + 1000, other: 500 } as const;

export const DRAFT_MESSAGES = {
  invalid: 'Ciornă invalidă.',
  fields: 'Ciorna conține câmpuri invalide.',
} as const;

const typingMax = (field: string) =>
  field === 'description' ? DRAFT_TYPING_MAX.description : DRAFT_TYPING_MAX.other;

/** A draft as a device may send it: the draft document (only its fields kept), every text within bounds. */
export const draftPush = draftDoc.refine((d: DraftDoc) =>
  [...DRAFT_FIELDS, 'updatedAt' as const].every((f) => d[f].length <= typingMax(f)),
);
