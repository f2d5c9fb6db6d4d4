import { z } from 'zod';
import { apiError, apiMessage, routeParams } from '../../../../schema/api/common.ts';
import { type NotificationApi, notificationApi } from '../../../../schema/api/notifications.ts';
import { MODERATION_SENDER_NAME, notificationKind } from '../../../../schema/notification-cards.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf, listOwner, signedIn } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { httpError } from '../../services/rest-http.ts';

const list = {
  params: routeParams('userId'),
  response: { 200: z.array(notificationApi), '4xx': apiError },
};
const remove = { params: routeParams('id'), response: { 200: apiMessage, '4xx': apiError } };

export const NOTIFICATION_MESSAGES = {
  listNotFound: 'Notificările nu au fost găsite.',
  notFound: 'Notificarea nu a fost găsită.',
  deleted: 'Notificare ștearsă.',
} as const;

/**
 * Notifications: each user reads and deletes only their own. Someone else's (or an unknown) id answers
 * 404 with the same text, so a stranger cannot tell whether it exists; a guest gets 401.
 */
export default signedIn(async function notificationsRoutes(app: Api) {
  const repo = app.messagingRepo;
  app.get('/api/notifications/:userId', { schema: list }, async (request) => {
    const rows = await repo.liveNotificationsOf(listOwner(request, NOTIFICATION_MESSAGES.listNotFound));
    const cards = await repo.userCards(rows.map((n) => n.senderId));
    return rows.map((n): NotificationApi => {
      const card = cards.get(n.senderId);
      const type = notificationKind(n);
      const name = card ? `${card.firstName} ${card.lastName}`.trim() : '';
      return {
        _id: n.id,
        userId: n.userId,
        conversationId: n.conversationId,
        read: n.read,
        link: n.link,
        message: n.message,
        createdAt: n.createdAt,
        senderId: n.senderId,
        senderName: type === 'moderation' ? MODERATION_SENDER_NAME : name,
        senderAvatar: card?.avatar ?? null,
        preview: n.message,
        type,
      };
    });
  });

  const deleteOne = { config: writeLimit('notifications'), schema: remove };
  app.delete('/api/notifications/:id', deleteOne, async (request) => {
    const callerId = callerOf(request);
    const { id } = request.params;
    const row = await repo.notification(id);
    if (!row || row.userId !== callerId) throw httpError(404, NOTIFICATION_MESSAGES.notFound, 'not_found');
    // Already gone (opening its chat removes it too): nothing to write, same answer.
    if (!row.deleted) await app.notifications.set(callerId, id, { read: row.read, deleted: true });
    return { message: NOTIFICATION_MESSAGES.deleted };
  });
});
