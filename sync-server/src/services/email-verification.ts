import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, UNOWNED_ADDRESS_MAIL } from '../../../schema/rules/account.ts';
import { isUniqueViolation } from '../lib/sql.ts';
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
  /** Notices of an asked address change to a confirmed address: per account (the route needs the password). */
  const changeNotices = new RateWindow(deps.throttles, 'change-notice', 5, HOUR_MS, now);

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

  /** A one-time link for `address` (the account's own, or its pending one), kept hashed with it. */
  async function linkFor(userId: string, address: string): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await deps.throttles.hit(keyOf(userId, address, token), now(), VERIFY_TTL_MS);
    return `${deps.origin}${VERIFY_PATH}?u=${encodeURIComponent(userId)}&t=${encodeURIComponent(token)}`;
  }

  const mail = (to: string, subject: string, lines: string[]) => {
    void deps.mailer.send({ to, subject, text: lines.join('\n') }).catch((err) => deps.log?.(err));
  };

  /** Mails a link to the account's current address within its budget (after answering: the mail's time says nothing). */
  async function send(user: { id: string; email: string; firstName: string }): Promise<void> {
    if (!(await budgetAllows(user.email))) return;
    const link = await linkFor(user.id, user.email);
    mail(user.email, 'Confirmă adresa de e-mail a contului tău Hobbiz', [
      `Bună, ${user.firstName}!`,
      '',
      'Confirmă că această adresă îți aparține deschizând linkul de mai jos:',
      '',
      link,
      '',
      'Linkul este valabil 24 de ore și poate fi folosit o singură dată.',
      'Dacă nu tu ți-ai făcut cont pe Hobbiz, ignoră acest mesaj.',
    ]);
  }

  /**
   * The link of a pending address was opened: it becomes the account's address, confirmed, unless another
   * account has taken it since the change was asked (a registration, a Google sign-in, another change
   * confirmed first): then nothing changes and the page says why. The unique index settles a race.
   */
  async function takePending(userId: string, pending: string): Promise<ServiceResult<{ message: string }>> {
    const holder = await deps.users.byEmail(pending);
    if (holder && holder.id !== userId) return fail(409, ACCOUNT_MESSAGES.emailChangeTakenMeanwhile);
    try {
      if (!(await deps.users.takePendingEmail(userId, pending, now())))
        return fail(400, ACCOUNT_MESSAGES.verifyLinkInvalid);
    } catch (err) {
      if (isUniqueViolation(err)) return fail(409, ACCOUNT_MESSAGES.emailChangeTakenMeanwhile);
      throw err;
    }
    return { ok: true, value: { message: ACCOUNT_MESSAGES.emailChanged } };
  }

  return {
    send,

    /**
     * 'Schimbă email-ul' to an address no account has (issue 40, L1): the link that makes `pendingEmail`
     * the account's address goes there, within that address's budget.
     */
    async sendChange(user: { id: string; firstName: string }, pendingEmail: string): Promise<void> {
      if (!(await budgetAllows(pendingEmail))) return;
      const link = await linkFor(user.id, pendingEmail);
      mail(pendingEmail, 'Confirmă noua adresă de e-mail a contului tău Hobbiz', [
        `Bună, ${user.firstName}!`,
        '',
        'Ai cerut ca aceasta să devină adresa de e-mail a contului tău Hobbiz. Deschide linkul de mai jos ca să confirmi:',
        '',
        link,
        '',
        'Până atunci, contul rămâne pe adresa de până acum: cu ea te autentifici și acolo primești mesajele.',
        'Linkul este valabil 24 de ore și poate fi folosit o singură dată.',
        'Dacă nu tu ai cerut schimbarea, ignoră acest mesaj.',
      ]);
    },

    /**
     * The account's current address is told that a change was asked (issue 40, L1), the same whether the
     * new address was free or not, and without naming it; within this address's budget too.
     */
    async sendChangeNotice(user: {
      id: string;
      email: string;
      firstName: string;
      emailVerifiedAt: number;
    }): Promise<void> {
      // A confirmed address is the account's own: its security notice is counted per account, never in
      // the per-inbox budget a stranger can spend by registering the address's variants (issue 40).
      const allowed =
        user.emailVerifiedAt > 0 ? await changeNotices.hit(user.id) : await budgetAllows(user.email);
      if (!allowed) return;
      mail(user.email, 'S-a cerut schimbarea adresei contului tău Hobbiz', [
        `Bună, ${user.firstName}!`,
        '',
        'Cineva a cerut schimbarea adresei de e-mail a contului tău Hobbiz, confirmând cu parola contului.',
        'Contul rămâne pe această adresă până când se deschide linkul trimis la adresa nouă.',
        '',
        'Dacă ai fost tu, nu trebuie să faci nimic aici.',
        'Dacă nu ai fost tu, schimbă-ți parola din Setări cont și alege „Ieși din cont de pe toate dispozitivele”.',
      ]);
    },

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
    async sendAccountExists(
      user: { id: string; email: string; firstName: string },
      /** 'change': another account asked to move to this address (issue 40, L1). */
      why: 'register' | 'change' = 'register',
    ) {
      if (!(await deps.throttles.hit(`exists-mail:${user.id}`, now(), HOUR_MS, { max: 1 }))) return;
      if (!(await budgetAllows(user.email))) return;
      const origin = deps.publicUrl;
      mail(user.email, 'Ai deja un cont Hobbiz cu această adresă', [
        `Bună, ${user.firstName}!`,
        '',
        ...(why === 'register'
          ? [
              'Cineva, poate chiar tu, a încercat să-și facă un cont nou pe Hobbiz cu această adresă de e-mail.',
              'Ai deja un cont cu ea, așa că nu s-a creat altul și contul tău a rămas neschimbat.',
            ]
          : [
              'Cineva, poate chiar tu, a încercat să treacă un alt cont Hobbiz pe această adresă de e-mail.',
              'Ai deja un cont cu ea, așa că adresa nu a fost mutată și contul tău a rămas neschimbat.',
            ]),
        '',
        // A link only to the configured address: from the request's Host, a stranger could make this
        // mail send a real account's owner to a page of theirs.
        ...(origin
          ? ['Dacă nu mai știi parola, o poți schimba aici:', '', `${origin}${RESET_PATH}`]
          : ['Dacă nu mai știi parola, apasă „Ai uitat parola?” pe pagina de autentificare Hobbiz.']),
        '',
        'Dacă nu tu ai încercat, poți ignora acest mesaj.',
      ]);
    },

    async confirm(rawUserId: unknown, rawToken: unknown): Promise<ServiceResult<{ message: string }>> {
      const userId = typeof rawUserId === 'string' ? rawUserId : '';
      const token = typeof rawToken === 'string' ? rawToken : '';
      const user = userId && token ? await deps.users.byId(userId) : undefined;
      if (!user || user.deleted) return fail(400, ACCOUNT_MESSAGES.verifyLinkInvalid);
      const pending = user.pendingEmail;
      if (pending && (await deps.throttles.take(keyOf(user.id, pending, token), now())))
        return await takePending(user.id, pending);
      // A change waits and this link does not open it: it may still confirm the current address (the
      // token is bound to the address it was mailed to, so a link of an older change opens nothing).
      if (user.emailVerifiedAt > 0) return { ok: true, value: { message: ACCOUNT_MESSAGES.emailVerified } };
      if (!(await deps.throttles.take(keyOf(user.id, user.email, token), now())))
        return fail(400, ACCOUNT_MESSAGES.verifyLinkInvalid);
      await deps.users.setEmailVerified(user.id, user.email, now());
      return { ok: true, value: { message: ACCOUNT_MESSAGES.emailVerified } };
    },
  };
}
export type EmailVerificationService = ReturnType<typeof emailVerificationService>;
