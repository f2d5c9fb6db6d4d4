import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, UNOWNED_ADDRESS_MAIL } from '../../../schema/rules/account.ts';
import type { ThrottlesRepository } from '../repositories/throttles.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { Mailer } from './mailer.ts';
import { RateWindow } from './rate-window.ts';
import { fail, type ServiceResult, throttled } from './result.ts';

/** A confirmation link works this long, once. */
export const VERIFY_TTL_MS = 24 * 60 * 60_000;
/** The page of the PWA that opens a link (pwa/src/routes/confirmare-email.tsx). */
export const VERIFY_PATH = '/confirmare-email';
/** The PWA's page where a forgotten password is reset. */
const RESET_PATH = '/forgot-password';
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The inbox an address reaches, for counting mail to it: `ana+1@…` and `ana+2@…` reach `ana@…` at most
 * providers, and Gmail ignores dots in its addresses, so these variants share one budget.
 */
export function inboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at).split('+')[0]!;
  let domain = address.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local || address.slice(0, at)}@${domain}`;
}

const keyOf = (userId: string, email: string, token: string) =>
  `verify:${userId}:${createHash('sha256').update(`${email}\n${token}`).digest('hex')}`;

/**
 * Confirming an address (issue 21, item 4): a registration (or an e-mail change, or 'Trimite din nou')
 * mails a link; opening it marks the address confirmed. Until then the account works, Setări says
 * 'neconfirmat', and a Google/Facebook sign-in with that address takes the account over from whoever set
 * its password (services/social-auth.ts). The link's token is stored hashed with the address it was sent
 * to, as a one-time value of the throttle table (any instance may receive it; a link for an old address
 * confirms nothing).
 *
 * Every mail here goes to an address its sender has not proved is theirs, so each counts in that
 * address's budget (UNOWNED_ADDRESS_MAIL, issue 40 item 7), shared by every account and network: past it
 * the caller gets the same answer and no mail goes. Links point to `origin` (config.ts linkOrigin: PUBLIC_URL
 * or the server's own address), never to a request's Host (item 8).
 */
export function emailVerificationService(deps: {
  users: UsersRepository;
  throttles: ThrottlesRepository;
  mailer: Mailer;
  /** Where links point: PUBLIC_URL, else this server's own address (config.ts linkOrigin). */
  origin: string;
  /** PUBLIC_URL: the notice to an existing account's owner links to the reset page only then. */
  publicUrl: string | null;
  log?: (err: unknown) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const { perHour, perDay, resendCooldownMs } = UNOWNED_ADDRESS_MAIL;
  const resendCooldown = new RateWindow(deps.throttles, 'verify-resend', 1, resendCooldownMs, now);

  /**
   * Takes one mail from the address's hourly and daily budgets; false (nothing taken) past either. An
   * hour's mail given back when the day refuses, so a refused mail never costs the owner a later one.
   */
  async function budgetAllows(email: string): Promise<boolean> {
    const address = inboxOf(email);
    const t = now();
    const hour = await deps.throttles.hit(`mail-to:h:${address}`, t, HOUR_MS, { max: perHour });
    if (!hour) return false;
    if (await deps.throttles.hit(`mail-to:d:${address}`, t, DAY_MS, { max: perDay })) return true;
    await deps.throttles.unhit(`mail-to:h:${address}`, hour.windowStart);
    return false;
  }

  /** Mails a link to the account's current address within its budget (after answering: the mail's time says nothing). */
  async function send(user: { id: string; email: string; firstName: string }): Promise<void> {
    if (!(await budgetAllows(user.email))) return;
    const token = randomBytes(24).toString('base64url');
    await deps.throttles.hit(keyOf(user.id, user.email, token), now(), VERIFY_TTL_MS);
    const link = `${deps.origin}${VERIFY_PATH}?u=${encodeURIComponent(user.id)}&t=${encodeURIComponent(token)}`;
    void deps.mailer
      .send({
        to: user.email,
        subject: 'Confirmă adresa de e-mail a contului tău Hobbiz',
        text: [
          `Bună, ${user.firstName}!`,
          '',
          'Confirmă că această adresă îți aparține deschizând linkul de mai jos:',
          '',
          link,
          '',
          'Linkul este valabil 24 de ore și poate fi folosit o singură dată.',
          'Dacă nu tu ți-ai făcut cont pe Hobbiz, ignoră acest mesaj.',
        ].join('\n'),
      })
      .catch((err) => deps.log?.(err));
  }

  return {
    send,

    /**
     * 'Trimite din nou' (Setări): one per account every UNOWNED_ADDRESS_MAIL.resendCooldownMs, a 429 with
     * the wait otherwise; then the address's budget decides, silently, whether a mail really goes.
     */
    async resend(userId: string): Promise<ServiceResult<{ message: string }>> {
      const user = await deps.users.byId(userId);
      if (!user || user.deleted) return fail(401, ACCOUNT_MESSAGES.sessionExpired);
      if (user.emailVerifiedAt > 0) return { ok: true, value: { message: ACCOUNT_MESSAGES.emailVerified } };
      const cooldown = await resendCooldown.take(user.id);
      if (!cooldown.allowed) {
        const seconds = Math.max(1, Math.ceil(cooldown.resetInMs / 1000));
        return throttled(ACCOUNT_MESSAGES.verifyResendWait(seconds), cooldown.resetInMs);
      }
      await send(user);
      return { ok: true, value: { message: ACCOUNT_MESSAGES.verifySent } };
    },

    /**
     * Someone registered an address that already has an account (issue 21, item 9): its owner is told,
     * and offered the password reset (a link when PUBLIC_URL is set); at most one such mail an hour per
     * account, and within the address's budget, so registering again and again cannot flood an inbox.
     */
    async sendAccountExists(user: { id: string; email: string; firstName: string }) {
      if (!(await deps.throttles.hit(`exists-mail:${user.id}`, now(), HOUR_MS, { max: 1 }))) return;
      if (!(await budgetAllows(user.email))) return;
      const origin = deps.publicUrl;
      void deps.mailer
        .send({
          to: user.email,
          subject: 'Ai deja un cont Hobbiz cu această adresă',
          text: [
            `Bună, ${user.firstName}!`,
            '',
            'Cineva, poate chiar tu, a încercat să-și facă un cont nou pe Hobbiz cu această adresă de e-mail.',
            'Ai deja un cont cu ea, așa că nu s-a creat altul și contul tău a rămas neschimbat.',
            '',
            // A link only to the configured address: from the request's Host, a stranger could make this
            // mail send a real account's owner to a page of theirs.
            ...(origin
              ? ['Dacă nu mai știi parola, o poți schimba aici:', '', `${origin}${RESET_PATH}`]
              : ['Dacă nu mai știi parola, apasă „Ai uitat parola?” pe pagina de autentificare Hobbiz.']),
            '',
            'Dacă nu tu ai încercat, poți ignora acest mesaj.',
          ].join('\n'),
        })
        .catch((err) => deps.log?.(err));
    },

    async confirm(rawUserId: unknown, rawToken: unknown): Promise<ServiceResult<{ message: string }>> {
      const userId = typeof rawUserId === 'string' ? rawUserId : '';
      const token = typeof rawToken === 'string' ? rawToken : '';
      const user = userId && token ? await deps.users.byId(userId) : undefined;
      if (!user || user.deleted) return fail(400, ACCOUNT_MESSAGES.verifyLinkInvalid);
      if (user.emailVerifiedAt > 0) return { ok: true, value: { message: ACCOUNT_MESSAGES.emailVerified } };
      if (!(await deps.throttles.take(keyOf(user.id, user.email, token), now())))
        return fail(400, ACCOUNT_MESSAGES.verifyLinkInvalid);
      await deps.users.setEmailVerified(user.id, user.email, now());
      return { ok: true, value: { message: ACCOUNT_MESSAGES.emailVerified } };
    },
  };
}
export type EmailVerificationService = ReturnType<typeof emailVerificationService>;
