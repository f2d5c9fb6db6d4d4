import type { MemberRow, MessageRow, NotificationRow } from '../../../../schema/db/tables.ts';
import type { ConversationDoc, MessageDoc, NotificationDoc } from '../../../../schema/entities.ts';
import { objectId, reactionSchema, replyToSchema } from '../../../../schema/entities.ts';
import {
  attachmentNameError,
  MESSAGE_MESSAGES,
  validateMessageBody,
} from '../../../../schema/rules/messages.ts';
import type { WithDeleted } from '../../../../schema/sync.ts';
import { saneClientTime } from '../../lib/ids.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { MessagingRepository } from '../../repositories/messaging.ts';
import {
  type MessagingService,
  toConversationDoc,
  toMessageDoc,
  toNotificationDoc,
} from '../../services/messaging.ts';
import type { NotificationsService } from '../../services/notifications.ts';
import type { PushAdapter } from '../push.ts';
import type { CollectionHandler } from '../types.ts';
import { ownCollection } from './own.ts';

/** The chat's repository and services, under the names buildCollections (index.ts) holds them by. */
type Deps = {
  uow: UnitOfWork;
  messaging: MessagingRepository;
  messagingService: MessagingService;
  notificationsService: NotificationsService;
};

const INVALID = 'Mesaj invalid.';

/** The server's copy of a message as its participants' devices compare it (a deleted one included). */
const storedMessage = (m: MessageRow): WithDeleted<MessageDoc> => ({
  ...toMessageDoc(m),
  _deleted: m.deleted,
});
/** What a pull sends: a deleted message travels blanked. */
const pulledMessage = (m: MessageRow): WithDeleted<MessageDoc> => ({
  ...storedMessage(m),
  ...(m.deleted ? { text: '', image: '', fileName: '', replyTo: null, reactions: [] } : {}),
});
const conversationOf = (m: MemberRow): WithDeleted<ConversationDoc> => ({
  ...toConversationDoc(m),
  _deleted: m.deleted,
});
const notificationOf = (n: NotificationRow): WithDeleted<NotificationDoc> => ({
  ...toNotificationDoc(n),
  _deleted: n.deleted,
});

/** Messages: visible to their two participants only. Clients insert, react, and delete their own. */
export function messagesCollection(deps: Deps): CollectionHandler {
  const adapter: PushAdapter<MessageDoc> = {
    // A new message is 'messages' (as POST /api/messages); a reaction or a deletion is 'chat'.
    limit: (wanted, current) => (current || wanted._deleted ? 'chat' : 'messages'),
    current: async (ctx, id) => {
      const m = await deps.messaging.message(id);
      if (!m || (m.senderId !== ctx.userId && m.recipientId !== ctx.userId)) return null;
      return storedMessage(m);
    },
    prepare: async (ctx, wanted, current) => {
      if (!current) {
        // A message created and deleted before it ever left the device: nothing to do.
        if (wanted._deleted) return { ok: true, doc: wanted };
        if (!objectId.safeParse(wanted.id).success || (await deps.messaging.message(wanted.id)))
          return { ok: false, error: INVALID };
        const reply = wanted.replyTo === null || replyToSchema.safeParse(wanted.replyTo).success;
        if (typeof wanted.text !== 'string' || typeof wanted.image !== 'string' || !reply) {
          return { ok: false, error: INVALID };
        }
        const bodyError = validateMessageBody(wanted.text, wanted.image);
        if (bodyError) return { ok: false, error: bodyError };
        const fileError = await deps.messagingService.attachmentRefusal(ctx.userId!, wanted.image);
        if (fileError) return { ok: false, error: fileError };
        // The name shown to the other person: exactly what the shared rule makes of it, or none.
        const nameError = attachmentNameError(wanted.fileName, wanted.image);
        if (nameError) return { ok: false, error: nameError };
        const route = await deps.messagingService.route(
          ctx.userId!,
          String(wanted.announcementId),
          String(wanted.recipientId ?? ''),
        );
        if (!route.ok) return { ok: false, error: route.error };
        return { ok: true, doc: wanted };
      }
      if (wanted._deleted && !current._deleted && current.senderId !== ctx.userId) {
        return { ok: false, error: MESSAGE_MESSAGES.onlySenderDeletes };
      }
      const reactions = Array.isArray(wanted.reactions) ? wanted.reactions : [];
      if (!reactions.every((r) => reactionSchema.safeParse(r).success)) return { ok: false, error: INVALID };
      // A new reaction with a block either way is refused as REST refuses it (issue 40, L5).
      const mine = reactions.filter((r) => r.userId === ctx.userId).at(-1)?.emoji ?? null;
      const had = current.reactions.find((r) => r.userId === ctx.userId)?.emoji ?? null;
      if (mine !== null && mine !== had) {
        const refused = await deps.messagingService.reactionRefusal(ctx.userId!, current);
        if (refused) return { ok: false, error: refused.error };
      }
      return { ok: true, doc: wanted };
    },
    write: async (ctx, wanted, current) => {
      const userId = ctx.userId!;
      if (!current) {
        if (wanted._deleted) return;
        await deps.messagingService.send(userId, {
          id: wanted.id,
          announcementId: wanted.announcementId,
          recipientId: wanted.recipientId,
          text: wanted.text,
          image: wanted.image,
          fileName: wanted.fileName ?? '',
          replyTo: wanted.replyTo,
        });
        return;
      }
      const row = (await deps.messaging.message(wanted.id))!;
      if (wanted._deleted && !row.deleted) {
        await deps.messagingService.remove(userId, row);
        return;
      }
      // Only the caller's own reaction is taken from the client; everyone else's stays as stored.
      const mine = wanted.reactions.filter((r) => r.userId === userId).at(-1)?.emoji ?? null;
      const had = row.reactions.find((r) => r.userId === userId)?.emoji ?? null;
      if (mine !== had) await deps.messagingService.react(userId, row, mine);
    },
  };
  return ownCollection({
    name: 'messages',
    uow: deps.uow,
    changes: deps.messaging.messagesChangedSince,
    docOf: pulledMessage,
    adapter,
  });
}

/** Each participant's conversation summaries. The only client write: marking a conversation read. */
export function conversationsCollection(deps: Deps): CollectionHandler {
  const adapter: PushAdapter<ConversationDoc> = {
    limit: () => 'chat',
    current: async (ctx, id) => {
      const m = await deps.messaging.member(id, ctx.userId!);
      return m ? conversationOf(m) : null;
    },
    prepare: (_ctx, wanted, current) => {
      if (!current || wanted._deleted) return { ok: false, error: MESSAGE_MESSAGES.notFound };
      return { ok: true, doc: wanted };
    },
    write: async (ctx, wanted, current) => {
      if (wanted.lastReadAt > (current?.lastReadAt ?? '')) {
        await deps.messagingService.markRead(ctx.userId!, wanted.id, saneClientTime(wanted.lastReadAt));
      }
    },
  };
  return ownCollection({
    name: 'conversations',
    uow: deps.uow,
    changes: deps.messaging.membersChangedSince,
    docOf: conversationOf,
    adapter,
  });
}

/** The caller's notifications; they may mark them read or delete them, never create one. */
export function notificationsCollection(deps: Deps): CollectionHandler {
  const adapter: PushAdapter<NotificationDoc> = {
    limit: () => 'notifications',
    current: async (ctx, id) => {
      const n = await deps.messaging.notification(id);
      return n && n.userId === ctx.userId ? notificationOf(n) : null;
    },
    prepare: (_ctx, wanted, current) => {
      if (!current) return { ok: false, error: 'Notificarea nu a fost găsită.' };
      return {
        ok: true,
        doc: {
          ...current,
          read: current.read || !!wanted.read,
          _deleted: current._deleted || wanted._deleted,
        },
      };
    },
    write: async (ctx, doc) => {
      await deps.notificationsService.set(ctx.userId!, doc.id, { read: doc.read, deleted: doc._deleted });
    },
  };
  return ownCollection({
    name: 'notifications',
    uow: deps.uow,
    changes: deps.messaging.notificationsChangedSince,
    docOf: notificationOf,
    adapter,
  });
}
