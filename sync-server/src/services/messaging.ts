import type { MessageRow, Reaction, ReplyTo } from '../../../schema/db/tables.ts';
import {
  ATTACHMENT_MESSAGES,
  attachmentNameError,
  conversationId,
  MESSAGE_MESSAGES,
  messagePreview,
  validateMessageBody,
} from '../../../schema/rules/messages.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import { uploadKey } from '../lib/file-storage.ts';
import { newId } from '../lib/ids.ts';
import type { UnitOfWork, WriteTx } from '../lib/unit-of-work.ts';
import type { RealtimeHub } from '../replication/hub.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';
import type { UsersRepository } from '../repositories/users.ts';
import { toMessageDoc } from './messaging-docs.ts';
import { isChatUploadPath } from './rest-attachments.ts';

export { toConversationDoc, toMessageDoc, toNotificationDoc } from './messaging-docs.ts';

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
 * Conversations, messages and their notifications. Used by replication (joining its batch's unit of work)
 * and by REST. Identity, membership and conversation ids are decided here, never by the client.
 */
export function messagingService(deps: {
  uow: UnitOfWork;
  hub: RealtimeHub;
  repo: MessagingRepository;
  announcements: AnnouncementsRepository;
  /** For the recipient's notification settings; without it every message notifies. */
  users?: UsersRepository;
  /** DATA_DIR/uploads: a chat file named in a pushed message must be there. */
  storage: FileStorage;
}) {
  const { uow, hub, repo } = deps;

  /** Who a new message from `callerId` about an announcement goes to, and in which conversation. */
  async function route(
    callerId: string,
    announcementId: string,
    recipientId: string,
  ): Promise<Route | { error: string }> {
    const ann = await deps.announcements.byId(announcementId);
    if (!ann || ann.deleted) return { error: MESSAGE_MESSAGES.announcementMissing };
    if (ann.ownerId !== callerId) {
      return {
        conversationId: conversationId(ann.ownerId, callerId, announcementId),
        sellerId: ann.ownerId,
        buyerId: callerId,
        recipientId: ann.ownerId,
      };
    }
    // The seller answers within a conversation a buyer started; nobody writes to themselves.
    if (!recipientId || recipientId === callerId) return { error: MESSAGE_MESSAGES.ownAnnouncement };
    const id = conversationId(callerId, recipientId, announcementId);
    if (!(await repo.conversation(id))) return { error: MESSAGE_MESSAGES.notFound };
    return { conversationId: id, sellerId: callerId, buyerId: recipientId, recipientId };
  }

  async function refreshSummaries(convId: string, tx: WriteTx) {
    const live = await repo.liveMessages(convId);
    const members = await membersOf(convId);
    const last = live.at(-1);
    for (const userId of members) {
      const m = await repo.member(convId, userId);
      if (!m) continue;
      const unread = live.filter((x) => x.recipientId === userId && !x.isRead).length;
      await repo.putMember({
        ...m,
        lastMessageText: last ? messagePreview(last.text, last.image, last.fileName) : '',
        lastMessageAt: last?.createdAt ?? m.lastMessageAt,
        lastSenderId: last?.senderId ?? '',
        unreadCount: unread,
        deleted: !last,
        seq: tx.seq(),
      });
    }
    tx.poke(['conversations'], members);
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

  async function membersOf(convId: string): Promise<string[]> {
    const c = await repo.conversation(convId);
    return c ? [c.sellerId, c.buyerId] : [];
  }

  /** The body of `send`, inside its unit of work. */
  async function sendIn(
    tx: WriteTx,
    callerId: string,
    input: NewMessage,
    storedFile: boolean,
  ): Promise<MessageRow | { error: string }> {
    const bodyError = validateMessageBody(input.text, input.image);
    if (bodyError) return { error: bodyError };
    const nameError = attachmentNameError(input.fileName, input.image);
    if (nameError) return { error: nameError };
    const r = await route(callerId, input.announcementId, input.recipientId);
    if ('error' in r) return r;
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
    return row;
  }

  /** The body of `markRead`, inside its unit of work. */
  async function markReadIn(
    tx: WriteTx,
    callerId: string,
    convId: string,
    upTo: string,
  ): Promise<string | null> {
    const member = await repo.member(convId, callerId);
    if (!member) return MESSAGE_MESSAGES.notParticipant;
    const unread = await repo.unreadFor(convId, callerId);
    const read = unread.filter((m) => m.createdAt <= upTo);
    for (const m of read) await repo.updateMessage(m.id, { isRead: true, seq: tx.seq() });
    await repo.putMember({
      ...member,
      unreadCount: unread.length - read.length,
      lastReadAt: upTo > member.lastReadAt ? upTo : member.lastReadAt,
      seq: tx.seq(),
    });
    const gone = (await repo.notificationsFor(callerId, convId)).filter((n) => n.createdAt <= upTo);
    for (const n of gone) await repo.updateNotification(n.id, { deleted: true, seq: tx.seq() });
    tx.poke(['conversations'], [callerId]);
    if (gone.length) tx.poke(['notifications'], [callerId]);
    if (read.length) {
      tx.poke(['messages'], [callerId, member.otherUserId]);
      tx.emit('messagesRead', { conversationId: convId, readerId: callerId, upTo }, [member.otherUserId]);
    }
    return null;
  }

  return {
    route,
    membersOf,

    /** Notes that `userId` uploaded the chat file at `path` (so they, and only they, may send it). */
    async recordUpload(userId: string, path: string): Promise<void> {
      await uow.write(() => repo.recordUpload(path, userId));
    },

    /**
     * Why a message from `callerId` may not carry `image`, or null. A message written through sync names
     * its file by path: only a chat file this server stored, still on disk, uploaded by the caller —
     * never an outside URL or another path that no content check has seen.
     */
    async attachmentRefusal(callerId: string, image: string): Promise<string | null> {
      if (image === '') return null;
      if (!isChatUploadPath(image)) return ATTACHMENT_MESSAGES.missing;
      if ((await repo.uploaderOf(image)) !== callerId) return ATTACHMENT_MESSAGES.missing;
      const key = uploadKey(image);
      if (!key || !(await deps.storage.exists(key))) return ATTACHMENT_MESSAGES.missing;
      return null;
    },

    /**
     * Validates and records a new message, its conversation summaries and the recipient's notification.
     * `storedFile`: the attachment was stored by this same request, so its uploader is recorded with it.
     */
    async send(
      callerId: string,
      input: NewMessage,
      opts: { storedFile?: boolean } = {},
    ): Promise<MessageRow | { error: string }> {
      return await uow.write((tx) => sendIn(tx, callerId, input, opts.storedFile ?? false));
    },

    /** One reaction per user per message; null removes the caller's. Participants only. */
    async react(callerId: string, msg: MessageRow, emoji: string | null): Promise<string | null> {
      if (msg.senderId !== callerId && msg.recipientId !== callerId) return MESSAGE_MESSAGES.notParticipant;
      const others = msg.reactions.filter((x) => x.userId !== callerId);
      const reactions: Reaction[] = emoji ? [...others, { emoji, userId: callerId }] : others;
      await uow.write(async (tx) => {
        await repo.updateMessage(msg.id, { reactions, seq: tx.seq() });
        tx.poke(['messages'], [msg.senderId, msg.recipientId]);
      });
      return null;
    },

    /** The sender deletes their message; the last one going empties the conversation. */
    async remove(callerId: string, msg: MessageRow): Promise<string | null> {
      if (msg.senderId !== callerId) return MESSAGE_MESSAGES.onlySenderDeletes;
      await uow.write(async (tx) => {
        await repo.updateMessage(msg.id, { deleted: true, seq: tx.seq() });
        const both = [msg.senderId, msg.recipientId];
        tx.poke(['messages'], both);
        if ((await repo.countLive(msg.conversationId)) === 0) {
          tx.emit('conversationEmpty', { conversationId: msg.conversationId }, both);
        }
        await refreshSummaries(msg.conversationId, tx);
      });
      return null;
    },

    /**
     * Opening a conversation: its messages to the caller up to `upTo` become read, their notifications go.
     * `upTo` is the server time of the newest message the reader's device had shown (a read made offline
     * must not cover what arrived meanwhile); a client that names no bound passes the server's now.
     * lastReadAt never goes back; unreadCount is what is left unread after the bound.
     */
    async markRead(callerId: string, convId: string, upTo: string): Promise<string | null> {
      return await uow.write((tx) => markReadIn(tx, callerId, convId, upTo));
    },

    /** `typing` from a participant becomes `userTyping` for the other one. */
    async typing(callerId: string, convId: string, isTyping: boolean): Promise<void> {
      const member = await repo.member(convId, callerId);
      if (!member) return;
      hub.emit('userTyping', { conversationId: convId, userId: callerId, isTyping }, [member.otherUserId]);
    },
  };
}
export type MessagingService = ReturnType<typeof messagingService>;
