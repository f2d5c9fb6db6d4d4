import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { UNSUBSCRIBE_LINK_DAYS } from '../../../schema/rules/notification-settings.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import { MAIL_KEY_PREFIX, type PushRepository } from '../repositories/push.ts';
import type { ThrottlesRepository } from '../repositories/throttles.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { Mailer } from './mailer.ts';
import { serverSecret } from './server-secret.ts';

/**
 * The e-mail fallback of issue 23: a message unread for an hour, for someone who wants message
 * notifications, has confirmed their address and has no push subscription on any device, brings one
 * e-mail per conversation per day at most ('Ai un mesaj nou de la Maria despre …'). Every mail carries a
 * one-click unsubscribe (RFC 8058) that turns message notifications off — the same switch as Setări.
 */
export const MAIL_AFTER_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Older unread messages are not mailed about (a person away for a week gets no backlog of mails). */
const LOOK_BACK_MS = 2 * DAY_MS;
export const UNSUBSCRIBE_PATH = '/api/users/unsubscribe-messages';
const LINK_TTL_MS = UNSUBSCRIBE_LINK_DAYS * DAY_MS;
/** What an unsubscribe link is: ours and still in time, ours but past its time (or from before expiry existed), or not ours. */
export type UnsubscribeLink = 'valid' | 'expired' | 'invalid';

export const MESSAGE_MAIL_TEXTS = {
  unsubscribed:
    'Gata: nu îți mai trimitem notificări despre mesaje. Le poți porni din nou în Setări → Notificări.',
  invalid: 'Linkul de dezabonare nu este valid.',
  expired:
    'Linkul de dezabonare a expirat. Poți opri e-mailurile despre mesaje din Setări cont → Setează notificările.',
} as const;

export function messageMail(deps: {
  repo: PushRepository;
  users: UsersRepository;
  announcements: AnnouncementsRepository;
  throttles: ThrottlesRepository;
  uow: UnitOfWork;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Where links in mails point (PUBLIC_URL; else this server's own address). */
  origin: string;
}) {
  const { repo, users, announcements, throttles, uow, mailer, log } = deps;
  const key = serverSecret(repo, uow, 'unsubscribe');
  /** The link's signature covers the person and the expiry (seconds since 1970), so neither can be changed. */
  const tokenFor = async (userId: string, expiresS: number) =>
    createHmac('sha256', await key())
      .update(`messages:${userId}:${expiresS}`)
      .digest('base64url');

  const same = (want: string, got: string) => {
    const [a, b] = [Buffer.from(want), Buffer.from(got)];
    return a.length === b.length && timingSafeEqual(a, b);
  };

  /**
   * Whether `u`, `e`, `t` make a link of ours that still works at `now`. A link without `e` is ours only
   * if it was made before links expired (issue 40, L8; signed over the person alone): expired.
   */
  async function check(
    userId: string,
    expires: string | undefined,
    token: string,
    now: number,
  ): Promise<UnsubscribeLink> {
    if (expires === undefined || expires === '') {
      const before = createHmac('sha256', await key())
        .update(`messages:${userId}`)
        .digest('base64url');
      return same(before, token) ? 'expired' : 'invalid';
    }
    if (!/^\d{1,12}$/.test(expires)) return 'invalid';
    if (!same(await tokenFor(userId, Number(expires)), token)) return 'invalid';
    return Number(expires) * 1000 <= now ? 'expired' : 'valid';
  }

  return {
    check: (userId: string, expires: string | undefined, token: string, now = Date.now()) =>
      check(userId, expires, token, now),
    /** A link that works UNSUBSCRIBE_LINK_DAYS from `now` (the mail's time). */
    async unsubscribeUrl(userId: string, now = Date.now()): Promise<string> {
      const expiresS = Math.floor((now + LINK_TTL_MS) / 1000);
      const token = await tokenFor(userId, expiresS);
      return `${deps.origin}${UNSUBSCRIBE_PATH}?u=${encodeURIComponent(userId)}&e=${expiresS}&t=${token}`;
    },
    /** The one-click unsubscribe: what the link was; only a valid one turns message mails off. */
    async unsubscribe(
      userId: string,
      expires: string | undefined,
      token: string,
      now = Date.now(),
    ): Promise<UnsubscribeLink> {
      const link = await check(userId, expires, token, now);
      if (link !== 'valid') return link;
      if (!(await users.notificationSettings(userId))) return 'invalid';
      await uow.write(() => users.setNotificationSettings(userId, { messages: false }));
      return 'valid';
    },
    /** One pass: mails whoever is due. Returns how many mails went. */
    async run(now = Date.now()): Promise<number> {
      const due = await repo.unreadForMail(
        new Date(now - MAIL_AFTER_MS).toISOString(),
        new Date(now - LOOK_BACK_MS).toISOString(),
        now,
      );
      let sent = 0;
      for (const row of due) {
        // One per conversation per day, whichever instance gets there first.
        if (
          !(await throttles.hit(`${MAIL_KEY_PREFIX}${row.userId}:${row.conversationId}`, now, DAY_MS, {
            max: 1,
          }))
        )
          continue;
        const [to, from, ann] = await Promise.all([
          users.byId(row.userId),
          users.byId(row.senderId),
          announcements.byId(row.announcementId),
        ]);
        if (!to?.email) continue;
        const name = from?.firstName || 'cineva';
        const about = ann?.title ? ` despre „${ann.title}”` : '';
        const link = `${deps.origin}/chat/${row.conversationId}`;
        const unsubscribe = await this.unsubscribeUrl(row.userId, now);
        try {
          await mailer.send({
            to: to.email,
            subject: `Ai un mesaj nou de la ${name}${about}`,
            text: [
              `Bună, ${to.firstName}!`,
              '',
              `${name} ți-a scris pe Hobbiz${about} (${Number(row.count) === 1 ? 'un mesaj necitit' : `${row.count} mesaje necitite`}).`,
              `Citește și răspunde: ${link}`,
              '',
              'Primești acest e-mail pentru că ai notificările pentru mesaje pornite și niciun dispozitiv cu notificări.',
              `Nu mai vrei aceste e-mailuri? ${unsubscribe}`,
            ].join('\n'),
            unsubscribeUrl: unsubscribe,
          });
          sent++;
        } catch (err) {
          log.warn({ err }, 'message mail not sent');
        }
      }
      return sent;
    },
  };
}

export type MessageMail = ReturnType<typeof messageMail>;
