import { CATEGORY_NAMES } from '../catalog/categories.ts';
import { resolveCategory } from '../catalog/category-aliases.ts';
import { publishCategoryOfTile } from '../catalog/home-grid.ts';
import { COUNTRY_WIDE, LIMITS } from '../constants.ts';
import type { DraftField } from '../fields.ts';
import { isValidLocation } from '../locations.ts';
import { ambiguousPlaceMessage, localityIn, resolvePlaceName } from '../place-names.ts';
import { ACCOUNT_MESSAGES } from './account.ts';
import { charCount, isEmail, PHONE_INVALID_MESSAGE, phoneError, toPhone, toTrimmedString } from './common.ts';
import { nameContentError } from './person-name.ts';
import { PRICE_MAX, parsePrice } from './price.ts';

export { PRICE_MAX, parsePrice };

/**
 * Validation of the announcement form (spec doc 1 §5), run by the React form as the user types and again
 * by the server on every publish/update: one rule, two callers, so the two sides can never disagree.
 */

const MB = 1024 * 1024;

export const ANNOUNCEMENT_MESSAGES = {
  /** Our own: a photo whose dimensions exceed the decoding limit (a decompression bomb). */
  imageTooManyPixels: `Imaginea are dimensiuni prea mari: cel mult ${LIMITS.imageMaxPixels / 1_000_000} de megapixeli per fotografie`,
  /** Our own: a retried offline publish whose device-made id is taken by another announcement. */
  idTaken: 'Acest anunț nu mai poate fi publicat: identificatorul lui este deja folosit.',
  titleMin: `Titlul trebuie să aibă cel puțin ${LIMITS.titleMin} caractere`,
  titleMax: `Titlul nu poate depăși ${LIMITS.titleMax} de caractere`,
  categoryRequired: 'Trebuie să selectezi o categorie',
  descriptionMin: `Descrierea trebuie să aibă cel puțin ${LIMITS.descriptionMin} de caractere`,
  descriptionMax: `Descrierea nu poate depăși ${LIMITS.descriptionMax} de caractere`,
  locationRequired: 'Trebuie să selectezi o locație',
  contactPersonRequired: 'Numele persoanei de contact este obligatoriu',
  contactPersonMin: `Numele trebuie să aibă cel puțin ${LIMITS.contactNameMin} caractere`,
  contactPersonMax: `Numele nu poate depăși ${LIMITS.contactNameMax} de caractere`,
  emailInvalid: 'Adresa de email nu este validă',
  phoneInvalid: PHONE_INVALID_MESSAGE,
  contactRequired: 'Trebuie să completezi cel puțin email-ul sau telefonul',
  imagesMax: `Poți adăuga maxim ${LIMITS.imagesMax} imagini per anunț`,
  imagesJpeg: 'Poți încărca doar imagini în format JPG/JPEG',
  imagesSize: `Fiecare imagine trebuie să fie mai mică de ${LIMITS.imageMaxBytes / MB}MB`,
  priceInvalid: 'Prețul trebuie să fie un număr întreg între 0 și 1.000.000 de lei',
  submitErrors: {
    publish: 'Te rugăm să corectezi erorile de mai sus înainte de a publica anunțul',
    update: 'Te rugăm să corectezi erorile de mai sus înainte de a actualiza anunțul',
  },
  notAuthenticated: {
    publish: 'Trebuie să fii autentificat pentru a publica un anunț!',
    update: 'Trebuie să fii autentificat pentru a actualiza anunțul!',
  },
  /** Spec doc 1 §8: submit answered with HTTP 401. */
  sessionExpired: ACCOUNT_MESSAGES.sessionExpired,
  /** Spec doc 1 §8: any other failure without a server message. */
  submitFailed: {
    publish: 'Eroare la publicarea anunțului. Încearcă din nou!',
    update: 'Eroare la actualizarea anunțului. Încearcă din nou!',
  },
} as const;

const M = ANNOUNCEMENT_MESSAGES;

/** The form's fields (the draft's, read off the zod entity), all as typed; a price of '' means none. */
export type AnnouncementInput = Record<DraftField, string>;

export type AnnouncementField = keyof AnnouncementInput | 'contact' | 'images';
export type FieldErrors = Partial<Record<AnnouncementField, string>>;

/** A category that is none of the 14 (a client's own word): the answer names them all (issue 25). */
export const categoryUnknown = (raw: string) =>
  `Categoria „${raw.trim().slice(0, 60)}” nu există. Alege una dintre: ${CATEGORY_NAMES.join('; ')}.`;

/** Field errors of the form; an empty object when it may be submitted. Images are checked separately. */
export function validateAnnouncement(input: AnnouncementInput): FieldErrors {
  const errors: FieldErrors = {};

  const titleLength = charCount(input.title.trim());
  if (titleLength < LIMITS.titleMin) errors.title = M.titleMin;
  else if (titleLength > LIMITS.titleMax) errors.title = M.titleMax;

  if (!input.category.trim()) errors.category = M.categoryRequired;
  else if (!CATEGORY_NAMES.includes(input.category)) errors.category = categoryUnknown(input.category);

  const descriptionLength = charCount(input.description.trim());
  if (descriptionLength < LIMITS.descriptionMin) errors.description = M.descriptionMin;
  else if (descriptionLength > LIMITS.descriptionMax) errors.description = M.descriptionMax;

  const location = input.location.trim();
  if (location === '' || !isValidLocation(location, input.localitate.trim())) {
    const place = location === '' ? null : resolvePlaceName(location);
    errors.location =
      place?.kind === 'ambiguous' ? ambiguousPlaceMessage(place.name, place.counties) : M.locationRequired;
  }

  const contactLength = charCount(input.contactPerson.trim());
  if (contactLength === 0) errors.contactPerson = M.contactPersonRequired;
  else if (contactLength < LIMITS.contactNameMin) errors.contactPerson = M.contactPersonMin;
  else if (contactLength > LIMITS.contactNameMax) errors.contactPerson = M.contactPersonMax;
  else {
    // Shown beside the seller on the detail page: the rule of a person's name (no staff lookalikes, no
    // bidi overrides or invisible characters; schema/rules/person-name.ts).
    const content = nameContentError(input.contactPerson.trim());
    if (content) errors.contactPerson = content;
  }

  const email = input.contactEmail.trim();
  const phone = phoneError(input.contactPhone);
  if (email !== '' && !isEmail(email)) errors.contactEmail = M.emailInvalid;
  if (phone) errors.contactPhone = phone;
  if (email === '' && input.contactPhone.trim() === '') errors.contact = M.contactRequired;

  if (input.price.trim() !== '' && parsePrice(input.price) === null) errors.price = M.priceInvalid;

  return errors;
}

/**
 * The known fields of an untrusted body (form data or JSON) as trimmed strings; anything else is dropped,
 * so a client cannot smuggle server-owned fields (owner, counters, dates) through this door.
 */
export function normalizeAnnouncementInput(raw: Record<string, unknown>): AnnouncementInput {
  const field = (key: keyof AnnouncementInput) => toTrimmedString(raw[key]);
  const category = field('category');
  return {
    title: field('title'),
    // A home tile's word from the spec's own picker ('Sport', 'Gradinarit'): the tile's main category.
    category: resolveCategory(category) ?? publishCategoryOfTile(category) ?? category,
    description: field('description'),
    ...resolveLocation(field('location'), field('localitate')),
    contactPerson: field('contactPerson'),
    contactEmail: field('contactEmail').toLowerCase(),
    contactPhone: toPhone(raw.contactPhone),
    price: field('price'),
  };
}

/**
 * The place as stored: `location` a county (or 'Toată țara'), `localitate` one of its localities or ''.
 * Other clients send what the spec's payload has, `location` alone ("county or locality"): a county or a
 * town/commune in any case, with or without diacritics, or 'Locality, County' (schema/place-names.ts).
 * What cannot be resolved is passed on as sent, for validateAnnouncement to answer.
 */
function resolveLocation(location: string, localitate: string): { location: string; localitate: string } {
  if (location === '') return { location, localitate };
  const place = resolvePlaceName(location);
  if (place.kind === 'country') return { location: COUNTRY_WIDE, localitate };
  if (place.kind !== 'place') return { location, localitate };
  if (localitate === '') return { location: place.county, localitate: place.localitate };
  return { location: place.county, localitate: localityIn(place.county, localitate) ?? localitate };
}

export type ImageCandidate = { name: string; type: string; size: number };

function looksJpeg(file: ImageCandidate): boolean {
  return file.type === 'image/jpeg' || /\.jpe?g$/i.test(file.name);
}

/** First problem with a batch of new images (count, then type, then size), or null when all may be added. */
export function validateImageCandidates(files: ImageCandidate[], existingCount: number): string | null {
  if (existingCount + files.length > LIMITS.imagesMax) return M.imagesMax;
  if (!files.every(looksJpeg)) return M.imagesJpeg;
  if (files.some((f) => f.size >= LIMITS.imageMaxBytes)) return M.imagesSize;
  return null;
}

/** A file of a selection that was not added, and why (one of the spec's image messages). */
export type RefusedImage = { name: string; reason: string };

/**
 * Splits a selection of photos (issue 12, item 6): a bad file must not cost the good ones. Each file is
 * checked on its own — type first, then size — and the valid ones are kept in the order chosen while
 * there is room (existing + kept ≤ the limit); the rest are named with their reason. The server still
 * refuses a whole request with a bad file (validateImageCandidates): the form only ever sends kept ones.
 */
export function sortImageCandidates<T extends ImageCandidate>(
  files: readonly T[],
  existingCount: number,
): { accepted: T[]; refused: RefusedImage[] } {
  const accepted: T[] = [];
  const refused: RefusedImage[] = [];
  let room = Math.max(0, LIMITS.imagesMax - existingCount);
  for (const file of files) {
    const reason = !looksJpeg(file)
      ? M.imagesJpeg
      : file.size >= LIMITS.imageMaxBytes
        ? M.imagesSize
        : room === 0
          ? M.imagesMax
          : null;
    if (reason) refused.push({ name: file.name, reason });
    else {
      accepted.push(file);
      room--;
    }
  }
  return { accepted, refused };
}

/** JPEG files start with the SOI marker followed by another marker: FF D8 FF. The name and type can lie. */
export function isJpegBytes(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Shown above the submit button when the form has errors. */
export function submitErrorMessage(mode: 'publish' | 'update'): string {
  return M.submitErrors[mode];
}
