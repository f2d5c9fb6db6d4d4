import { LIMITS } from '../constants.ts';
import {
  charCount,
  isEmail,
  isPhone,
  normalizePhone,
  PHONE_INVALID_MESSAGE,
  toTrimmedString,
} from './common.ts';

/**
 * Sign-in and sign-up rules (spec doc 1 §5: login needs email and password; sign-up needs first name,
 * last name, email and password, phone optional). Used by the forms and by the server's auth routes.
 */
export const ACCOUNT_MESSAGES = {
  emailRequired: 'Introdu adresa de email.',
  emailInvalid: 'Adresa de email nu este validă',
  passwordRequired: 'Introdu parola.',
  passwordTooShort: `Parola trebuie să aibă cel puțin ${LIMITS.passwordMin} caractere.`,
  firstNameRequired: 'Introdu prenumele.',
  lastNameRequired: 'Introdu numele.',
  nameTooLong: `Numele nu poate depăși ${LIMITS.nameMax} de caractere`,
  phoneInvalid: PHONE_INVALID_MESSAGE,
  emailTaken: 'Există deja un cont cu această adresă de email.',
  invalidCredentials: 'Email sau parolă incorectă.',
  loginFailed: 'Autentificare eșuată',
  registerFailed: 'Înregistrare eșuată',
  changeEmailRequired: 'Introduceți noua adresă de e-mail.',
  changePasswordRequired: 'Introduceți ambele parole.',
  emailUpdated: 'Adresa de email a fost actualizată.',
  emailUpdateFailed: 'Eroare la actualizarea emailului.',
  emailSame: 'Aceasta este deja adresa ta de email.',
  passwordUpdated: 'Parola a fost schimbată. Celelalte dispozitive au fost deconectate.',
  passwordUpdateFailed: 'Eroare la schimbarea parolei.',
  currentPasswordWrong: 'Parola curentă nu este corectă.',
  passwordSame: 'Parola nouă trebuie să fie diferită de cea curentă.',
  loggedOutEverywhere: 'Ai fost deconectat de pe toate dispozitivele.',
  accountDeleted: 'Contul tău a fost șters cu succes!',
  accountDeleteFailed: 'Eroare la ștergerea contului.',
  tooManyAttempts: (seconds: number) =>
    `Prea multe încercări de autentificare. Încearcă din nou peste ${seconds} ${seconds === 1 ? 'secundă' : seconds < 20 ? 'secunde' : 'de secunde'}.`,
} as const;

const M = ACCOUNT_MESSAGES;

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
    phone: normalizePhone(toTrimmedString(raw.phone)),
  };
}

export function normalizeLogin(raw: Record<string, unknown>): LoginInput {
  return { email: normalizeEmail(raw.email), password: rawString(raw.password) };
}

function emailError(email: string): string | undefined {
  if (email.trim() === '') return M.emailRequired;
  return isEmail(email.trim()) ? undefined : M.emailInvalid;
}

function nameError(name: string, required: string): string | undefined {
  const value = name.trim();
  if (value === '') return required;
  return charCount(value) > LIMITS.nameMax ? M.nameTooLong : undefined;
}

export function validateRegistration(i: RegistrationInput): Partial<Record<keyof RegistrationInput, string>> {
  const errors: Partial<Record<keyof RegistrationInput, string>> = {};
  const firstName = nameError(i.firstName, M.firstNameRequired);
  if (firstName) errors.firstName = firstName;
  const lastName = nameError(i.lastName, M.lastNameRequired);
  if (lastName) errors.lastName = lastName;
  const email = emailError(i.email);
  if (email) errors.email = email;
  if (i.password === '') errors.password = M.passwordRequired;
  else if (charCount(i.password) < LIMITS.passwordMin) errors.password = M.passwordTooShort;
  const phone = normalizePhone(i.phone);
  if (phone !== '' && !isPhone(phone)) errors.phone = M.phoneInvalid;
  return errors;
}

/** Login checks presence and shape only; the password length rule applies when choosing one, not here. */
export function validateLogin(i: LoginInput): Partial<Record<keyof LoginInput, string>> {
  const errors: Partial<Record<keyof LoginInput, string>> = {};
  const email = emailError(i.email);
  if (email) errors.email = email;
  if (i.password === '') errors.password = M.passwordRequired;
  return errors;
}

/** Change email (spec doc 1 §5): the new address is required and must look like an email. */
export function validateEmailChange(newEmail: string): string | null {
  if (newEmail.trim() === '') return M.changeEmailRequired;
  return emailError(newEmail) ?? null;
}

/** Change password (spec doc 1 §5): both required; the new one follows the sign-up rule. */
export function validatePasswordChange(currentPassword: string, newPassword: string): string | null {
  if (!currentPassword || !newPassword) return M.changePasswordRequired;
  if (charCount(newPassword) < LIMITS.passwordMin) return M.passwordTooShort;
  if (currentPassword === newPassword) return M.passwordSame;
  return null;
}
