import { LIMITS } from '../constants.ts';

/**
 * Small helpers shared by the announcement and account rules, so "looks like an email" and
 * "a Romanian phone number" mean the same thing on every form and on the server.
 */

/** Deliberately loose: something@something.tld without spaces. The real proof is a delivered email. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec: 10 digits starting with 0. The digit count comes from LIMITS so it exists only once. */
const PHONE_RE = new RegExp(`^0\\d{${LIMITS.phoneDigits - 1}}$`);

export function isEmail(value: string): boolean {
  return value.length <= LIMITS.emailMax && EMAIL_RE.test(value);
}

/** People type '0712 345 678'; spaces are not part of the number. */
export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

export function isPhone(value: string): boolean {
  return PHONE_RE.test(normalizePhone(value));
}

/** A form's field errors from one check a field: the fields whose check gave no message are left out. */
export function fieldErrors<T extends Record<string, string | null | undefined>>(
  checks: T,
): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(checks).filter(([, message]) => message)) as {
    [K in keyof T]?: string;
  };
}

/** An untrusted phone field as stored: a trimmed string without spaces. */
export function toPhone(value: unknown): string {
  return normalizePhone(toTrimmedString(value));
}

/** An optional phone field's message: none when it is empty or a Romanian number (spaces aside). */
export function phoneError(value: string): string | undefined {
  const phone = normalizePhone(value);
  return phone === '' || isPhone(phone) ? undefined : PHONE_INVALID_MESSAGE;
}

/** Length as a person counts it: composed characters (NFC), one per code point. */
export function charCount(value: string): number {
  return [...value.normalize('NFC')].length;
}

/** Coerces an untrusted form or JSON value to a trimmed NFC string; anything else becomes ''. */
export function toTrimmedString(value: unknown): string {
  if (typeof value === 'string') return value.normalize('NFC').trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Spec §5 phone message, shared by the announcement and account rules. */
/** A guest asking for what needs an account: REST answers 401 with it, the sync socket `forbidden`. */
export const SIGN_IN_REQUIRED = 'Trebuie să fii autentificat.';

export const PHONE_INVALID_MESSAGE = `Numărul de telefon trebuie să înceapă cu 0 și să aibă ${LIMITS.phoneDigits} cifre`;

/**
 * A JSON reviver that drops U+0000 from every string a client sends: no text of ours means anything by it,
 * and PostgreSQL cannot store it (SQLSTATE 22021) — a chat message or draft pushed with one would be
 * refused for ever and retried by the device. Used when the server reads REST bodies and socket messages.
 */
export function withoutNul(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? textWithoutNul(value) : value;
}

/** The same rule for one text read outside JSON (a multipart form's text fields). */
export const textWithoutNul = (value: string): string =>
  value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
