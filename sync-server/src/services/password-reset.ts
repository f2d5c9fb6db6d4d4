import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  RESET_CODE_DIGITS,
  validateResetConfirm,
  validateResetRequest,
} from '../../../schema/rules/account.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { PasswordResetsRepository } from '../repositories/password-resets.ts';
import type { SessionsRepository } from '../repositories/sessions.ts';
import type { ThrottlesRepository } from '../repositories/throttles.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { Mailer } from './mailer.ts';
import { hashPassword } from './passwords.ts';
import { RateWindow } from './rate-window.ts';
import { fail, type ServiceResult, throttled } from './result.ts';

const M = ACCOUNT_MESSAGES;

/** How long an emailed code works, and how many wrong codes end it. */
export const RESET_TTL_MS = 30 * 60_000;
export const RESET_MAX_ATTEMPTS = 5;
/**
 * Requests: 3 an hour per e-mail address from one IP, 10 an hour per IP, and 10 mails an hour per address
 * from everywhere (past that the answer is the same and no mail goes: a stranger can fill the victim's
 * inbox no faster, and cannot lock its owner out — issue 21, item 7). Confirmations: 20 per IP per 15
 * minutes. Every refusal says when to come back (Retry-After).
 */
const HOUR = 60 * 60_000;

const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest();

/**
 * Forgot password. The request answers the same whether or not the address has an account (and sends
 * the mail after answering, so the answer time says nothing either). The code is single use, stored
 * hashed, expires after 30 minutes and dies after 5 wrong tries; a successful reset ends every session.
 */
export function passwordResetService(deps: {
  uow: UnitOfWork;
  users: UsersRepository;
  sessions: SessionsRepository;
  resets: PasswordResetsRepository;
  mailer: Mailer;
  throttles: ThrottlesRepository;
  log?: (err: unknown) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const perPair = new RateWindow(deps.throttles, 'reset:pair', 3, HOUR, now);
  const mailsPerEmail = new RateWindow(deps.throttles, 'reset:email', 10, HOUR, now);
  const perIp = new RateWindow(deps.throttles, 'reset:ip', 10, HOUR, now);
  const confirmPerIp = new RateWindow(deps.throttles, 'reset-confirm:ip', 20, 15 * 60_000, now);

  return {
    async request(rawEmail: unknown, ip: string): Promise<ServiceResult<{ message: string }>> {
      const email = typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase() : '';
      const error = validateResetRequest(email);
      if (error) return fail(400, error);
      // Counted for any address, known or not, so the limit reveals nothing either.
      for (const [limit, key] of [
        [perIp, ip],
        [perPair, `${email}|${ip}`],
      ] as const) {
        const taken = await limit.take(key);
        if (!taken.allowed) return throttled(M.resetTooMany, taken.resetInMs);
      }
      const user = await deps.users.byEmail(email);
      if (user && !user.deleted && (await mailsPerEmail.hit(email))) {
        const code = String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, '0');
        const t = now();
        const codeHash = hashCode(user.id, code).toString('hex');
        await deps.uow.write(() =>
          deps.resets.put({
            userId: user.id,
            codeHash,
            createdAt: t,
            expiresAt: t + RESET_TTL_MS,
            attempts: 0,
          }),
        );
        void deps.mailer
          .send({
            to: user.email,
            subject: `Codul tău Hobbiz pentru resetarea parolei: ${code}`,
            text: [
              `Bună, ${user.firstName}!`,
              '',
              'Ai cerut resetarea parolei contului tău Hobbiz. Codul tău este:',
              '',
              code,
              '',
              'Codul este valabil 30 de minute și poate fi folosit o singură dată.',
              'Dacă nu tu ai cerut resetarea, ignoră acest mesaj: parola ta rămâne aceeași.',
            ].join('\n'),
          })
          .catch((err) => deps.log?.(err));
      }
      return { ok: true, value: { message: M.resetRequested } };
    },

    async confirm(
      raw: { email?: unknown; code?: unknown; password?: unknown },
      ip: string,
    ): Promise<ServiceResult<{ message: string }>> {
      const input = {
        email: typeof raw.email === 'string' ? raw.email.trim().toLowerCase() : '',
        code: typeof raw.code === 'string' ? raw.code.replace(/\s+/g, '') : '',
        password: typeof raw.password === 'string' ? raw.password : '',
      };
      const errors = Object.values(validateResetConfirm(input));
      if (errors.length > 0) return fail(400, errors[0]!);
      const confirmTaken = await confirmPerIp.take(ip);
      if (!confirmTaken.allowed) return throttled(M.resetTooMany, confirmTaken.resetInMs);
      const user = await deps.users.byEmail(input.email);
      const row = user && !user.deleted ? await deps.resets.of(user.id) : undefined;
      if (!user || !row) return fail(400, M.resetCodeInvalid);
      if (row.expiresAt <= now() || row.attempts >= RESET_MAX_ATTEMPTS) {
        await deps.uow.write(() => deps.resets.remove(user.id));
        return fail(400, M.resetCodeInvalid);
      }
      const expected = Buffer.from(row.codeHash, 'hex');
      const actual = hashCode(user.id, input.code);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
        await deps.uow.write(async () => {
          if (row.attempts + 1 >= RESET_MAX_ATTEMPTS) await deps.resets.remove(user.id);
          else await deps.resets.setAttempts(user.id, row.attempts + 1);
        });
        return fail(400, M.resetCodeInvalid);
      }
      const passwordHash = await hashPassword(input.password);
      // Single use: the code goes in the same transaction that sets the password and ends the sessions.
      const done = await deps.uow.write(async () => {
        const still = await deps.resets.of(user.id);
        if (!still || still.codeHash !== row.codeHash) return false;
        await deps.resets.remove(user.id);
        await deps.users.setPasswordHash(user.id, passwordHash);
        await deps.sessions.revokeAll(user.id);
        return true;
      });
      if (!done) return fail(400, M.resetCodeInvalid);
      return { ok: true, value: { message: M.resetDone } };
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
