import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { messagingRepository } from '../../repositories/messaging.ts';
import { fail, paramsSchema } from '../../services/rest-http.ts';

export const NOTIFICATION_MESSAGES = {
  listNotFound: 'Notificările nu au fost găsite.',
  notFound: 'Notificarea nu a fost găsită.',
  deleted: 'Notificare ștearsă.',
} as const;

/** A notification as the notifications page reads it (spec doc 2 §3), with the sender's public card. */
export type NotificationApi = {
  _id: string;
  userId: string;
  conversationId: string;
  read: boolean;
  link: string;
  message: string;
  createdAt: string;
  senderId: string;
  senderName: string;
  senderAvatar: string | null;
  preview: string;
};

/**
 * Notifications: each user reads and deletes only their own. Someone else's (or an unknown) id answers
 * 404 with the same text, so a stranger cannot tell whether it exists; a guest gets 401.
 */
export default async function notificationsRoutes(app: FastifyInstance) {
  // Repositories are plain functions over the one database handle; the app does not expose this one.
  const repo = messagingRepository(app.db);
  app.get(
    '/api/notifications/:userId',
    { schema: { params: paramsSchema('userId') } },
    async (request, reply) => {
      const callerId = requireUser(request, reply);
      if (!callerId) return reply;
      const { userId } = request.params as { userId: string };
      if (userId !== callerId) return fail(reply, 404, NOTIFICATION_MESSAGES.listNotFound, 'not_found');
      const rows = await repo.liveNotificationsOf(callerId);
      const cards = await repo.userCards(rows.map((n) => n.senderId));
      return rows.map((n): NotificationApi => {
        const card = cards.get(n.senderId);
        return {
          _id: n.id,
          userId: n.userId,
          conversationId: n.conversationId,
          read: n.read,
          link: n.link,
          message: n.message,
          createdAt: n.createdAt,
          senderId: n.senderId,
          senderName: card ? `${card.firstName} ${card.lastName}`.trim() : '',
          senderAvatar: card?.avatar ?? null,
          preview: n.message,
        };
      });
    },
  );

  const deleteOne = { config: writeLimit('notifications'), schema: { params: paramsSchema('id') } };
  app.delete('/api/notifications/:id', deleteOne, async (request, reply) => {
    const callerId = requireUser(request, reply);
    if (!callerId) return reply;
    const { id } = request.params as { id: string };
    const row = await repo.notification(id);
    if (!row || row.userId !== callerId) return fail(reply, 404, NOTIFICATION_MESSAGES.notFound, 'not_found');
    // Already gone (opening its chat removes it too): nothing to write, same answer.
    if (!row.deleted) await app.notifications.set(callerId, id, { read: row.read, deleted: true });
    return { message: NOTIFICATION_MESSAGES.deleted };
  });
}
