import type { MessageRow, ReplyTo } from '../../../schema/db/tables.ts';
import {
  attachmentNameError,
  conversationId,
  MESSAGE_MESSAGES,
  messagePreview,
  validateMessageBody,
} from '../../../schema/rules/messages.ts';
import { newId } from '../lib/ids.ts';
import type { WriteTx } from '../lib/unit-of-work.ts';
import type { RealtimeHub } from '../replication/hub.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';
import type { UsersRepository } from '../repositories/users.ts';
import { toMessageDoc } from './messaging-docs.ts';
import type { PushSender } from './push-sender.ts';
import { fail, ok, type ServiceResult } from './result.ts';
import type { TrustService } from './trust.ts';

type Route = { conversationId: string; sellerId: string; buyerId: string; recipientId: string };
export type NewMessage = {
  id: string;
  announcementId: string;
  recipientId: string;
  text: string;
  image: string;
  /** The attachment's name: checked by the shared rule (attachmentNameError) before it gets here. */
  fileName: string;
  /** Only the quoted message's id is read: the quote itself is built from that message (see quoteOf). */
  replyTo: Pick<ReplyTo, 'messageId'> | null;
};

/**
 * A message's time, strictly increasing: messages written offline reach the server together in one push
 * batch, and the chat sorts by time (then by id, random within a second), so equal times would shuffle them.
 */
let lastMessageAt = 0;
function messageTime(): string {
  lastMessageAt = Math.max(Date.now(), lastMessageAt + 1);
  return new Date(lastMessageAt).toISOString();
}

/**
 * Sending a message (messaging.ts's `send`, over REST or a sync push): who it goes to, in which
 * conversation, its quote, both participants' summaries and the recipient's notification.
 */
export function messageSending(deps: {
  hub: RealtimeHub;
  repo: MessagingRepository;
  announcements: AnnouncementsRepository;
  users?: UsersRepository;
  /** Web Push (issue 23): a notification card also goes to the person's devices. */
  pushes?: Pick<PushSender, 'queue'>;
  /** Blocks and deleted accounts (issue 24): who may not write to whom. */
  trust?: Pick<TrustService, 'writeRefusal'>;
}) {
  const { hub, repo } = deps;

  /**
   * Who a new message from `callerId` about an announcement goes to, and in which conversation; refused
   * when the recipient's account is gone or one of them blocked the other (issue 24).
   */
  async function route(
    callerId: string,
    announcementId: string,
    recipientId: string,
  ): Promise<ServiceResult<Route>> {
    const routed = await routeOf(callerId, announcementId, recipientId);
    if (!routed.ok || !deps.trust) return routed;
    return (await deps.trust.writeRefusal(callerId, routed.value.recipientId)) ?? routed;
  }

  async function routeOf(
    callerId: string,
    announcementId: string,
    recipientId: string,
  ): Promise<ServiceResult<Route>> {
    const ann = await deps.announcements.byId(announcementId);
    if (!ann || ann.deleted) return fail(404, MESSAGE_MESSAGES.announcementMissing);
    if (ann.ownerId !== callerId) {
      return ok({
        conversationId: conversationId(ann.ownerId, callerId, announcementId),
        sellerId: ann.ownerId,
        buyerId: callerId,
        recipientId: ann.ownerId,
      });
    }
    // The seller answers within a conversation a buyer started; nobody writes to themselves.
    if (!recipientId || recipientId === callerId) return fail(400, MESSAGE_MESSAGES.ownAnnouncement);
    const id = conversationId(callerId, recipientId, announcementId);
    if (!(await repo.conversation(id))) return fail(404, MESSAGE_MESSAGES.notFound);
    return ok({ conversationId: id, sellerId: callerId, buyerId: recipientId, recipientId });
  }

  /**
   * A reply's quote, taken from the quoted message itself — a live message of the same conversation —
   * never from what the client sent; null (no quote) when there is no such message.
   */
  async function quoteOf(messageId: string | undefined, convId: string): Promise<ReplyTo | null> {
    if (!messageId) return null;
    const quoted = await repo.message(messageId);
    if (!quoted || quoted.deleted || quoted.conversationId !== convId) return null;
    return { messageId: quoted.id, senderId: quoted.senderId, text: quoted.text, image: quoted.image };
  }

  /** The body of `send`, inside its unit of work. */
  async function sendIn(
    tx: WriteTx,
    callerId: string,
    input: NewMessage,
    storedFile: boolean,
  ): Promise<ServiceResult<MessageRow>> {
    const bodyError = validateMessageBody(input.text, input.image);
    if (bodyError) return fail(400, bodyError);
    const nameError = attachmentNameError(input.fileName, input.image);
    if (nameError) return fail(400, nameError);
    const routed = await route(callerId, input.announcementId, input.recipientId);
    if (!routed.ok) return routed;
    const r = routed.value;
    const now = messageTime();
    await repo.insertConversation({
      id: r.conversationId,
      sellerId: r.sellerId,
      buyerId: r.buyerId,
      announcementId: input.announcementId,
      createdAt: now,
    });
    const row: MessageRow = {
      id: input.id,
      conversationId: r.conversationId,
      announcementId: input.announcementId,
      senderId: callerId,
      recipientId: r.recipientId,
      text: input.text,
      image: input.image,
      fileName: input.image ? input.fileName : '',
      replyTo: await quoteOf(input.replyTo?.messageId, r.conversationId),
      reactions: [],
      isRead: false,
      createdAt: now,
      deleted: false,
      seq: tx.seq(),
    };
    await repo.insertMessage(row);
    const preview = messagePreview(row.text, row.image, row.fileName);
    for (const [userId, otherUserId] of [
      [callerId, r.recipientId],
      [r.recipientId, callerId],
    ] as const) {
      const m = await repo.member(r.conversationId, userId);
      await repo.putMember({
        conversationId: r.conversationId,
        userId,
        otherUserId,
        announcementId: input.announcementId,
        lastMessageText: preview,
        lastMessageAt: now,
        lastSenderId: callerId,
        unreadCount: (m?.unreadCount ?? 0) + (userId === r.recipientId ? 1 : 0),
        lastReadAt: m?.lastReadAt ?? '',
        deleted: false,
        seq: tx.seq(),
      });
    }
    // No notification for someone who is looking at this very conversation.
    // Nor for someone who turned message notifications off ('Setează notificările').
    const wantsIt = (await deps.users?.byId(r.recipientId))?.notifyMessages ?? true;
    if (wantsIt && !hub.isViewing(r.recipientId, r.conversationId)) {
      await deps.pushes?.queue(tx, r.recipientId, `chat-${r.conversationId}`, async () => ({
        kind: 'message',
        conversationId: r.conversationId,
        senderName: (await deps.users?.byId(callerId))?.firstName || 'Hobbiz',
        announcementTitle: (await deps.announcements.byId(input.announcementId))?.title ?? '',
        text: preview,
      }));
      await repo.insertNotification({
        id: newId(),
        userId: r.recipientId,
        senderId: callerId,
        conversationId: r.conversationId,
        link: `/chat/${r.conversationId}`,
        message: preview,
        read: false,
        createdAt: now,
        deleted: false,
        seq: tx.seq(),
      });
      tx.poke(['notifications'], [r.recipientId]);
    }
    const both = [callerId, r.recipientId];
    tx.poke(['messages', 'conversations'], both);
    tx.emit('newMessage', toMessageDoc(row), both);
    if (storedFile && input.image) await repo.recordUpload(input.image, callerId);
    return ok(row);
  }

  return { route, sendIn };
}
