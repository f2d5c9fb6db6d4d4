import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { announcementApi, objectId } from '../entities.ts';
import { DRAFT_FIELDS, type DraftField } from '../fields.ts';
import { apiError } from './common.ts';

/**
 * The publish/edit form as a client sends it (multipart or JSON): the draft's fields (schema/fields.ts),
 * each a bounded string. Lengths are generous on purpose: the shared rules (schema/rules/announcement.ts)
 * answer with the spec's Romanian messages; this only keeps undeclared fields out.
 */
const text = z.string().max(64 * 1024);
const DESCRIPTIONS: Partial<Record<DraftField, string>> = {
  category:
    'Una dintre cele 14 categorii: numele, slug-ul, numele fără diacritice („Prajituri, Bacanie, Gatit”) sau un nume scurt („Prăjituri”, „Curatenie”); se salvează numele canonic.',
  location:
    'Județul, „Toată țara”, o localitate („Pitești” → Argeș, Pitești) sau „Localitate, Județ”, fără diacritice dacă vrei. Un nume de comună aflat în mai multe județe: 400 cu județele (un oraș are întâietate).',
  localitate: 'Localitatea din județ (opțional). La PUT, un câmp netrimis își păstrează valoarea.',
};
export const announcementForm = z.object(
  Object.fromEntries(
    DRAFT_FIELDS.map((f) => [f, (DESCRIPTIONS[f] ? text.describe(DESCRIPTIONS[f]) : text).optional()]),
  ) as Record<DraftField, z.ZodOptional<z.ZodString>>,
);

/** POST: the form, and the id the device made before its first attempt (every retry is idempotent). */
export const createAnnouncementBody = announcementForm.extend({
  id: objectId
    .optional()
    .describe('Făcut de dispozitiv înainte de prima încercare: o reîncercare nu dublează anunțul.'),
  photoIds: z
    .array(objectId)
    .max(LIMITS.imagesMax)
    .optional()
    .describe(
      'Fotografii încărcate dinainte (PUT /api/users/my-announcements/photos/{id}), în ordine; urmează fișierele din `images`.',
    ),
});

/** A photo uploaded on its own (issue 22), before the announcement that will name it in `photoIds`. */
export const photoParams = z.object({ photoId: objectId });
export const photoAnswer = z.object({ id: z.string(), path: z.string() });

/** PUT: the form, and the current image paths to keep, in order (absent: keep them all). */
export const updateAnnouncementBody = announcementForm.extend({
  existingImages: z.array(z.string().max(2048)).max(100).optional(),
});

export const activeBody = z.object({ active: z.boolean() });
export const ownAnnouncementParams = z.object({ id: z.string().max(64) });

/** A refused form: the first message in `error`, every field's in `errors`. */
export const formError = apiError.extend({ errors: z.record(z.string(), z.string()).optional() });

export const ownAnnouncementAnswer = { 200: announcementApi, 201: announcementApi, '4xx': formError };
