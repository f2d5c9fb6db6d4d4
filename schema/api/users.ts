import { z } from 'zod';

/**
 * Account routes (/api/users/…): declared fields only, loose on purpose (bounded strings): the shared
 * rules in schema/rules/account.ts answer with the spec's Romanian messages.
 */
const text = z.string().max(1000).optional();

export const registerBody = z.object({
  firstName: text,
  lastName: text,
  email: text,
  password: text,
  phone: text,
});
/** The same for a new address and one that already has an account (issue 21, item 9): no id either way. */
export const registerAnswer = z.object({ message: z.string() });

export const loginBody = z.object({ email: text, password: text });
export const loginAnswer = z.object({ token: z.string(), userId: z.string() });
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** Changing the e-mail and deleting the account: who asks proves it is the owner (issue 12 item 15). */
export const confirmation = z.object({
  password: text.describe('Parola actuală (obligatorie pentru un cont cu parolă).'),
  confirmEmail: text.describe(
    'Pentru un cont creat cu Google/Facebook, fără parolă: adresa de email a contului (și o autentificare din ultimele 10 minute).',
  ),
});
export const updateEmailBody = confirmation.extend({ newEmail: text });
/**
 * `email`: the account's address, unchanged until the link mailed to `pendingEmail` is opened (issue 40,
 * L1); the same answer whether another account has `pendingEmail` or not.
 */
export const updateEmailAnswer = z.object({
  message: z.string(),
  email: z.string(),
  pendingEmail: z.string(),
});
export const updatePasswordBody = z.object({ currentPassword: text, newPassword: text });
export const deleteAccountBody = confirmation.nullable();

export const authCheck = z.object({
  isAuthenticated: z.boolean(),
  avatar: z.string().nullable(),
  googleAvatar: z.string().nullable(),
});
export type AuthCheck = z.infer<typeof authCheck>;

/** 'Ai uitat parola?': a code by email, then the code with a new password (answers are `apiMessage`). */
export const forgotPasswordBody = z.object({ email: text });
export const resetPasswordBody = z.object({ email: text, code: text, password: text });

/**
 * 'Setează notificările': the body is not typed for the validator on purpose: booleans must be real
 * booleans (no "false" → false coercion), which the shared rule checks with its Romanian message.
 */
export const notificationSettingsBody = z
  .unknown()
  .describe('{ messages?: boolean, reviews?: boolean, favorites?: boolean }');

/** 'Dispozitive conectate' (issue 21): the caller's live sessions, the most recently used first. */
export const deviceSession = z.object({
  /** The session's id (a hash of its token, never the token). */
  id: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastSeen: z.string(),
  /** The session that asked. */
  current: z.boolean(),
});
export const deviceSessions = z.object({ sessions: z.array(deviceSession) });
export type DeviceSession = z.infer<typeof deviceSession>;
