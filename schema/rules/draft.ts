import { DRAFT_TYPING_MAX } from '../constants.ts';
import { type DraftDoc, draftDoc } from '../entities.ts';
import { DRAFT_FIELDS } from '../fields.ts';

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
