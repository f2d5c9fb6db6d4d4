import { LIMITS, RECENT_SIGN_IN_MINUTES } from '../constants.ts';
import { pluralRo } from '../format.ts';

/** Longest password accepted (scrypt hashes any length; this bounds the work per request). */
export const PASSWORD_MAX = 128;
/** Digits of the emailed reset code. */
export const RESET_CODE_DIGITS = 6;

/**
 * Mail to an address nobody has proved they own yet (issue 40, item 7): a confirmation link (registration,
 * e-mail change, 'Trimite din nou') or the 'you already have an account' notice. Anyone can type anyone's
 * address, so these are counted per target address, from every account and every network together:
 * `perHour` and `perDay` mails at most (registration + two resends an hour is more than a person needs;
 * 5 a day bounds a patient attacker to a handful of mails a day per victim). Past either, the answer is
 * the same and nothing is sent: a stranger learns nothing and cannot lock the owner out for long.
 * `resendCooldownMs`: one 'Trimite din nou' per account this often (a 429 that says how long to wait).
 */
export const UNOWNED_ADDRESS_MAIL = { perHour: 3, perDay: 5, resendCooldownMs: 60_000 } as const;

import {
  charCount,
  fieldErrors,
  isEmail,
  PHONE_INVALID_MESSAGE,
  phoneError,
  toPhone,
  toTrimmedString,
} from './common.ts';
import { nameContentError } from './person-name.ts';

/**
 * Sign-in and sign-up rules (spec doc 1 §5: login needs email and password; sign-up needs first name,
 * last name, email and password, phone optional). Used by the forms and by the server's auth routes.
 */
export const ACCOUNT_MESSAGES = {
  /** The server refused a session (sync socket, publishing). */
  sessionExpired: 'Sesiunea a expirat. Te rugăm să te autentifici din nou.',
  /** /login after this device was signed out by the server (revoked elsewhere, expired). */
  sessionEnded: 'Sesiunea ta a expirat sau a fost închisă de pe alt dispozitiv. Autentifică-te din nou.',
  emailRequired: 'Introdu adresa de email.',
  emailInvalid: 'Adresa de email nu este validă',
  passwordRequired: 'Introdu parola.',
  passwordTooShort: `Parola trebuie să aibă cel puțin ${LIMITS.passwordMin} caractere.`,
  passwordTooLong: `Parola nu poate depăși ${PASSWORD_MAX} de caractere.`,
  passwordNeedsLetter: 'Parola trebuie să conțină cel puțin o literă.',
  passwordNeedsDigitOrSymbol: 'Parola trebuie să conțină cel puțin o cifră sau un simbol.',
  passwordCommon: 'Parola este prea des folosită și ușor de ghicit. Alege alta.',
  passwordHasEmail: 'Parola nu trebuie să conțină adresa de email.',
  firstNameRequired: 'Introdu prenumele.',
  lastNameRequired: 'Introdu numele.',
  nameTooLong: `Numele nu poate depăși ${LIMITS.nameMax} de caractere`,
  phoneInvalid: PHONE_INVALID_MESSAGE,
  emailTaken: 'Există deja un cont cu această adresă de email.',
  /**
   * What a registration answers, whether the address was new or already had an account (issue 21, item
   * 9: the answer does not tell a stranger which addresses have accounts; the mail tells the owner).
   */
  registered: 'Ți-am trimis un e-mail la adresa indicată; urmează pașii din el.',
  invalidCredentials: 'Email sau parolă incorectă.',
  loginFailed: 'Autentificare eșuată',
  registerFailed: 'Înregistrare eșuată',
  changeEmailRequired: 'Introduceți noua adresă de e-mail.',
  changePasswordRequired: 'Introduceți ambele parole.',
  /**
   * What an e-mail change answers, whether the new address was free (a link to confirm it went there) or
   * another account's (its owner was told): issue 40, L1, neither the answer nor the account's state says
   * which addresses have accounts. Either way the new address waits and the account keeps its own.
   */
  emailChangeSent: 'Ți-am trimis un e-mail la noua adresă; urmează pașii din el.',
  /** Setări while a new address waits for its link (issue 40, L1); the account's address is still the old one. */
  emailPending: (address: string) =>
    `Adresa nouă, ${address}, așteaptă confirmarea. Deschide linkul din e-mailul trimis acolo.`,
  /** The link of a pending address was opened: it is now the account's address. */
  emailChanged: 'Adresa de e-mail a contului a fost schimbată și confirmată. De acum te autentifici cu ea.',
  /** The link of a pending address, opened after another account took that address meanwhile (409). */
  emailChangeTakenMeanwhile:
    'Între timp, această adresă a ajuns să aparțină altui cont Hobbiz, așa că nu am schimbat-o. Contul tău a rămas cu adresa de până acum.',
  emailUpdateFailed: 'Eroare la actualizarea emailului.',
  emailSame: 'Aceasta este deja adresa ta de email.',
  passwordUpdated: 'Parola a fost schimbată. Celelalte dispozitive au fost deconectate.',
  passwordUpdateFailed: 'Eroare la schimbarea parolei.',
  currentPasswordWrong: 'Parola curentă nu este corectă.',
  passwordSame: 'Parola nouă trebuie să fie diferită de cea curentă.',
  loggedOutEverywhere: 'Ai fost deconectat de pe toate dispozitivele.',
  /** Confirming the address (a link mailed at registration, on an e-mail change, or asked again). */
  emailVerified: 'Adresa de e-mail a fost confirmată.',
  verifyLinkInvalid: 'Linkul de confirmare nu mai este valabil. Cere unul nou din Setări cont.',
  verifySent: 'Ți-am trimis un e-mail cu linkul de confirmare. Verifică și dosarul Spam.',
  /** 'Trimite din nou' within UNOWNED_ADDRESS_MAIL.resendCooldownMs of the previous one (a 429). */
  verifyResendWait: (seconds: number) =>
    `Ți-am trimis deja un link. Poți cere altul peste ${waitText(seconds)}.`,
  /** 'Dispozitive conectate' (Setări). */
  unknownDevice: 'Dispozitiv necunoscut',
  deviceSignedOut: 'Dispozitivul a fost deconectat.',
  deviceNotFound: 'Dispozitivul nu mai este conectat.',
  /** Changing the e-mail and deleting the account need the current password (issue 12 item 15). */
  confirmPasswordRequired: 'Introdu parola actuală pentru a confirma.',
  confirmPasswordWrong: 'Parola actuală nu este corectă.',
  /** An account made with Google/Facebook has no password: it confirms with its e-mail address. */
  confirmEmailRequired: 'Introdu adresa de email a contului pentru a confirma.',
  confirmEmailWrong: 'Adresa de email introdusă nu este cea a contului.',
  /** ...and it must have signed in with the provider within RECENT_SIGN_IN_MINUTES. */
  recentSignInRequired: `Din motive de siguranță, această acțiune cere o autentificare recentă: ieși din cont, intră din nou cu Google sau Facebook și reîncearcă în următoarele ${RECENT_SIGN_IN_MINUTES} minute.`,
  accountDeleted: 'Contul tău a fost șters cu succes!',
  accountDeleteFailed: 'Eroare la ștergerea contului.',
  resetRequested:
    'Dacă există un cont cu această adresă, ți-am trimis un cod de resetare. Verifică-ți emailul.',
  resetCodeRequired: 'Introdu codul primit pe email.',
  resetCodeInvalid: 'Codul nu este corect sau a expirat. Cere un cod nou.',
  resetDone: 'Parola a fost schimbată. Te poți autentifica cu parola nouă.',
  resetTooMany: 'Prea multe cereri de resetare. Încearcă din nou mai târziu.',
  resetFailed: 'Eroare la resetarea parolei.',
  tooManyAttempts: (seconds: number) =>
    `Prea multe încercări de autentificare. Încearcă din nou peste ${seconds} ${seconds === 1 ? 'secundă' : seconds < 20 ? 'secunde' : 'de secunde'}.`,
  /** Successful sign-ins past SIGN_IN_LIMITS (per account or per address). */
  tooManySignIns: (seconds: number) =>
    `Prea multe autentificări într-un timp scurt. Încearcă din nou peste ${waitText(seconds)}.`,
  /** Every password check busy (services/passwords.ts): 503 with Retry-After. */
  serverBusy: 'Serverul este ocupat acum. Încearcă din nou peste câteva secunde.',
} as const;

/** '45 de secunde', '1 minut', '15 minute': a wait in Romanian, minutes from one minute on. */
function waitText(seconds: number): string {
  if (seconds < 60) return pluralRo(seconds, 'secundă', 'secunde', 'de secunde');
  const minutes = Math.ceil(seconds / 60);
  return pluralRo(minutes, 'minut', 'minute', 'de minute');
}

const M = ACCOUNT_MESSAGES;

/** Social sign-in (spec doc 1 §8 for the Facebook texts; the Google ones mirror them). */
export const SOCIAL_MESSAGES = {
  googleNotConfigured: 'Autentificarea cu Google nu este disponibilă pe acest server.',
  googleFailed: 'Autentificare Google eșuată!',
  googleCancelled: 'Autentificare Google anulată!',
  facebookNotConfigured: 'Autentificarea cu Facebook nu este disponibilă pe acest server.',
  facebookFailed: 'Autentificare Facebook eșuată!',
  facebookCancelled: 'Autentificare Facebook anulată!',
  facebookTokenMissing: 'Lipsește tokenul de acces Facebook.',
  offline: 'Nu ești conectat la internet. Încearcă din nou când revine conexiunea.',
  noEmail: 'Contul social nu are o adresă de email confirmată. Creează un cont cu email și parolă.',
  emailNotVerified:
    'Există deja un cont cu această adresă de email. Autentifică-te cu parola, apoi poți folosi contul social.',
} as const;

/** Why the server sent the browser back to /login from the Google redirect (`?oauthError=`). */
export const OAUTH_ERRORS = {
  'google-off': SOCIAL_MESSAGES.googleNotConfigured,
  'google-failed': SOCIAL_MESSAGES.googleFailed,
  'google-cancelled': SOCIAL_MESSAGES.googleCancelled,
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

/** The rule as one line under the password fields (sign-up, new password). */
export const PASSWORD_HINT = `Cel puțin ${LIMITS.passwordMin} caractere, cu litere și cel puțin o cifră sau un simbol.`;

/**
 * Passwords that meet the length rule but are guessed first by anyone (Romanian and international lists).
 * Compared lower-cased, with the separators '-', '_', '.', ' ' and '!' removed.
 */
const COMMON_PASSWORDS = new Set([
  'password1',
  'password123',
  'parola123',
  'parola1234',
  'parolamea1',
  'qwerty123',
  'qwertyuiop1',
  'abcd1234',
  'abc12345',
  'a1234567',
  '1234567a',
  '12345678a',
  'iloveyou1',
  'welcome1',
  'admin123',
  'letmein1',
  'romania1',
  'romania123',
  'bucuresti1',
  'hobbiz123',
  'hobbiz2026',
  'parola2024',
  'parola2025',
  'parola2026',
]);

/**
 * The password rule of registration, password change and password reset. Answers the first rule that
 * fails, so the person learns exactly what to change; `email` (when known) must not be part of it.
 */
export function passwordError(password: string, email = ''): string | null {
  if (password === '') return M.passwordRequired;
  const length = charCount(password);
  if (length < LIMITS.passwordMin) return M.passwordTooShort;
  if (length > PASSWORD_MAX) return M.passwordTooLong;
  if (!/\p{L}/u.test(password)) return M.passwordNeedsLetter;
  if (!/[^\p{L}]/u.test(password.trim())) return M.passwordNeedsDigitOrSymbol;
  const folded = password.toLowerCase().replace(/[-_.\s!]/g, '');
  if (COMMON_PASSWORDS.has(folded)) return M.passwordCommon;
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  if (local.length >= 4 && password.toLowerCase().includes(local)) return M.passwordHasEmail;
  return null;
}

/** Forgot password, step 1: the address the code goes to. */
export function validateResetRequest(email: string): string | null {
  return emailError(email) ?? null;
}

/** Forgot password, step 2: the address, the emailed code (digits) and a new password by the usual rule. */
export function validateResetConfirm(i: { email: string; code: string; password: string }): {
  email?: string;
  code?: string;
  password?: string;
} {
  return fieldErrors({
    email: emailError(i.email),
    code: resetCodeError(i.code),
    password: passwordError(i.password, i.email),
  });
}

function resetCodeError(value: string): string | undefined {
  const code = value.replace(/\s+/g, '');
  if (code === '') return M.resetCodeRequired;
  return new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`).test(code) ? undefined : M.resetCodeInvalid;
}

export type RegistrationInput = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
};

export type LoginInput = { email: string; password: string };

/** Emails compare case-insensitively everywhere, so they are stored lower-cased. */
function normalizeEmail(value: unknown): string {
  return toTrimmedString(value).toLowerCase();
}

/** Passwords are taken exactly as typed: spaces may be part of them. */
function rawString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function normalizeRegistration(raw: Record<string, unknown>): RegistrationInput {
  return {
    firstName: toTrimmedString(raw.firstName),
    lastName: toTrimmedString(raw.lastName),
    email: normalizeEmail(raw.email),
    password: rawString(raw.password),
    phone: toPhone(raw.phone),
  };
}

export function normalizeLogin(raw: Record<string, unknown>): LoginInput {
  return { email: normalizeEmail(raw.email), password: rawString(raw.password) };
}

function emailError(email: string): string | undefined {
  if (email.trim() === '') return M.emailRequired;
  return isEmail(email.trim()) ? undefined : M.emailInvalid;
}

/**
 * A first or last name (sign-up, the profile form): required, at most LIMITS.nameMax characters, without
 * hidden characters or a claim to be the staff (person-name.ts). `kept`: the name already stored, not
 * judged again by the content rule, newer than some accounts (only a new name is checked).
 */
export function nameError(name: string, required: string, kept?: string): string | undefined {
  const value = name.trim();
  if (value === '') return required;
  if (charCount(value) > LIMITS.nameMax) return M.nameTooLong;
  return kept !== undefined && value === kept.trim() ? undefined : nameContentError(value);
}

export function validateRegistration(i: RegistrationInput): Partial<Record<keyof RegistrationInput, string>> {
  return fieldErrors({
    firstName: nameError(i.firstName, M.firstNameRequired),
    lastName: nameError(i.lastName, M.lastNameRequired),
    email: emailError(i.email),
    password: passwordError(i.password, i.email),
    phone: phoneError(i.phone),
  });
}

/** Login checks presence and shape only; the password length rule applies when choosing one, not here. */
export function validateLogin(i: LoginInput): Partial<Record<keyof LoginInput, string>> {
  return fieldErrors({
    email: emailError(i.email),
    password: i.password === '' ? M.passwordRequired : undefined,
  });
}

/** Change email (spec doc 1 §5): the new address is required and must look like an email. */
export function validateEmailChange(newEmail: string): string | null {
  if (newEmail.trim() === '') return M.changeEmailRequired;
  return emailError(newEmail) ?? null;
}

/** Change password (spec doc 1 §5): both required; the new one follows the sign-up rule. */
export function validatePasswordChange(
  currentPassword: string,
  newPassword: string,
  email = '',
): string | null {
  if (!currentPassword || !newPassword) return M.changePasswordRequired;
  const weak = passwordError(newPassword, email);
  if (weak) return weak;
  if (currentPassword === newPassword) return M.passwordSame;
  return null;
}

/**
 * Changing the e-mail and deleting the account: the caller proves it is the owner, not only a holder of
 * the token — with the current password, or, for an account made with Google/Facebook that has none, by
 * typing the account's e-mail address (docs/decisions.md, issue 12 item 15). Presence only here; the
 * server compares.
 */
export function confirmationError(
  hasPassword: boolean,
  input: { password: string; confirmEmail: string },
): string | null {
  if (hasPassword) return input.password === '' ? M.confirmPasswordRequired : null;
  return input.confirmEmail.trim() === '' ? M.confirmEmailRequired : null;
}
