/**
 * The one mapping between an announcement as a document (`id`, RxDB and the sync protocol) and as REST
 * answers it (`_id` plus the seller's card), and between a document and the publish form's text fields.
 * Field lists: schema/fields.ts (checked against the zod entities). No zod here: the home page's first
 * chunk uses this module.
 */
import type { AnnouncementApi, AnnouncementDoc, SellerCard } from './entities.ts';
import { ANNOUNCEMENT_FIELDS, DRAFT_FIELDS, type DraftField } from './fields.ts';
import { parsePrice } from './rules/price.ts';
import type { HeldDoc } from './sync.ts';

export { ANNOUNCEMENT_FIELDS };

/** The document's fields of anything that has them (an SQL row also has seq, deleted, titleKey). */
export function pickAnnouncement(row: AnnouncementDoc): AnnouncementDoc {
  const doc: Partial<Record<keyof AnnouncementDoc, unknown>> = {};
  for (const f of ANNOUNCEMENT_FIELDS) doc[f] = row[f];
  return doc as AnnouncementDoc;
}

/** A document as REST answers it. */
export function toApi(
  doc: AnnouncementDoc,
  seq: number | undefined,
  user: SellerCard | null,
): AnnouncementApi {
  const { id, ...rest } = pickAnnouncement(doc);
  return { _id: id, ...rest, seq, user };
}

/** A REST announcement as a device's document (the seller's card and the seq stay out). */
export function fromApi(a: AnnouncementApi): AnnouncementDoc {
  return pickAnnouncement({ ...a, id: a._id });
}

/** A REST announcement as the working set keeps it (with the server's seq of that copy). */
export function heldFromApi(a: AnnouncementApi): HeldDoc<AnnouncementDoc> {
  return { doc: { ...fromApi(a), _deleted: false }, seq: a.seq ?? 0 };
}

/** The publish form's text fields of a stored announcement (what 'Editează' starts from); no price is ''. */
export function formFromAnnouncement(a: AnnouncementDoc): Record<DraftField, string> {
  const form = {} as Record<DraftField, string>;
  for (const f of DRAFT_FIELDS) form[f] = f === 'price' ? (a.price === null ? '' : String(a.price)) : a[f];
  return form;
}

/** The document fields a form sets (the inverse of formFromAnnouncement): the price read as lei, '' → null. */
export function fieldsFromForm(form: Record<DraftField, string>): Pick<AnnouncementDoc, DraftField> {
  const fields = {} as Record<DraftField, string>;
  for (const f of DRAFT_FIELDS) fields[f] = form[f];
  return { ...fields, price: parsePrice(form.price) };
}

/**
 * A form as a document not yet on the server (the preview, one queued offline): drawn and sorted like
 * the others, with no favourites or views yet, active.
 */
export function announcementFromForm(
  form: Record<DraftField, string>,
  at: { id: string; ownerId: string; images: string[]; time: string },
): AnnouncementDoc {
  return {
    id: at.id,
    ownerId: at.ownerId,
    ...fieldsFromForm(form),
    images: at.images,
    favoritesCount: 0,
    views: 0,
    createdAt: at.time,
    updatedAt: at.time,
    active: true,
  };
}

/**
 * What a removed announcement keeps of what its seller wrote: nothing. Its row (and the tombstone devices
 * receive, and what others see of a deactivated one) has these fields blanked.
 */
export const BLANKED_CONTENT = {
  title: '',
  description: '',
  contactPerson: '',
  contactEmail: '',
  contactPhone: '',
  images: [] as string[],
} satisfies Partial<AnnouncementDoc>;
