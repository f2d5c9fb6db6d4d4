import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
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

export const MESSAGE_MAIL_TEXTS = {
  unsubscribed:
    'Gata: nu îți mai trimitem notificări despre mesaje. Le poți porni din nou în Setări → Notificări.',
  invalid: 'Linkul de dezabonare nu este valid.',
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
  const tokenFor = async (userId: string) =>
    createHmac('sha256', await key())
      .update(`messages:${userId}`)
      .digest('base64url');

  return {
    tokenFor,
    async unsubscribeUrl(userId: string): Promise<string> {
      return `${deps.origin}${UNSUBSCRIBE_PATH}?u=${encodeURIComponent(userId)}&t=${await tokenFor(userId)}`;
    },
    /** The one-click unsubscribe: false when the link was not made by us for this person. */
    async unsubscribe(userId: string, token: string): Promise<boolean> {
      const want = Buffer.from(await tokenFor(userId));
      const got = Buffer.from(token);
      if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
      if (!(await users.notificationSettings(userId))) return false;
      await uow.write(() => users.setNotificationSettings(userId, { messages: false }));
      return true;
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
              `Nu mai vrei aceste e-mailuri? ${await this.unsubscribeUrl(row.userId)}`,
            ].join('\n'),
            unsubscribeUrl: await this.unsubscribeUrl(row.userId),
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
