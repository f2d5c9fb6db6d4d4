import { LIMITS } from '../constants.ts';
import { countyNames, localitiesOf } from '../locations.ts';
import { ACCOUNT_MESSAGES, nameError } from './account.ts';
import { fieldErrors, phoneError, toPhone, toTrimmedString } from './common.ts';
import type { RatingSummary, ReviewApi } from './reviews.ts';

/** The own-profile form's rules (PUT /api/users/profile), shared by the form and the server. */
export const PROFILE_MESSAGES = {
  firstNameRequired: ACCOUNT_MESSAGES.firstNameRequired,
  lastNameRequired: ACCOUNT_MESSAGES.lastNameRequired,
  nameTooLong: ACCOUNT_MESSAGES.nameTooLong,
  phoneInvalid: ACCOUNT_MESSAGES.phoneInvalid,
  localitateInvalid: 'Alege o localitate din listă.',
  saved: 'Profilul a fost salvat.',
  unavailable: 'Profil indisponibil',
  loadFailed: 'Eroare la încărcarea profilului',
  saveFailed: 'Eroare la salvarea profilului',
  imageFailed: 'Eroare la încărcarea imaginii',
  imageTooLarge: `Imaginea trebuie să fie mai mică de ${LIMITS.imageMaxBytes / (1024 * 1024)}MB`,
  imageType: 'Alege o fotografie JPEG, PNG sau WebP.',
  avatarNotCurrent: 'Imaginea nu este avatarul tău curent.',
} as const;

/** Avatar photos: the types the server takes (it decides by the content and re-encodes them as JPEG). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The avatar picker's check of a chosen file, before anything is sent: a message, or null. */
export function checkAvatarCandidate(file: { size: number; type: string }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return PROFILE_MESSAGES.imageType;
  if (file.size > LIMITS.imageMaxBytes) return PROFILE_MESSAGES.imageTooLarge;
  return null;
}

/** GET /api/users/profile/{userId}: public fields only — never email, phone, password material or tokens. */
export type PublicProfileApi = {
  _id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  localitate: string;
  createdAt: string;
  lastSeen: string;
  /**
   * Issue 45: the contact the person already made public on their newest live announcement ('' when none);
   * never the account's own phone or sign-in address (docs/PRODUCT.md, public profile).
   */
  phone: string;
  email: string;
  reviews: ReviewApi[];
  rating: RatingSummary;
};

export type ProfileInput = { firstName: string; lastName: string; localitate: string; phone: string };
export type ProfileErrors = Partial<Record<keyof ProfileInput, string>>;

export function normalizeProfileInput(raw: Record<string, unknown>): ProfileInput {
  return {
    firstName: toTrimmedString(raw.firstName),
    lastName: toTrimmedString(raw.lastName),
    localitate: toTrimmedString(raw.localitate),
    phone: toPhone(raw.phone),
  };
}

let knownPlaces: Set<string> | null = null;

/** A county, or a town or commune of any county (the profile stores the name alone). Built on first use. */
export function isKnownPlace(name: string): boolean {
  if (!knownPlaces) {
    knownPlaces = new Set(countyNames());
    for (const county of countyNames()) for (const place of localitiesOf(county)) knownPlaces.add(place);
  }
  return knownPlaces.has(name);
}

/**
 * `kept`: the names stored now. A name left as it was is not judged by the content rule again (issue 40,
 * L12: an account named before the rule can still change its phone or town).
 */
export function validateProfileEdit(
  i: ProfileInput,
  kept?: { firstName: string; lastName: string },
): ProfileErrors {
  return fieldErrors({
    firstName: nameError(i.firstName, PROFILE_MESSAGES.firstNameRequired, kept?.firstName),
    lastName: nameError(i.lastName, PROFILE_MESSAGES.lastNameRequired, kept?.lastName),
    phone: phoneError(i.phone),
    localitate:
      i.localitate === '' || isKnownPlace(i.localitate) ? undefined : PROFILE_MESSAGES.localitateInvalid,
  });
}
