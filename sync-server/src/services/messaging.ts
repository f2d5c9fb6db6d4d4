import type { MessageRow, Reaction } from '../../../schema/db/tables.ts';
import { ATTACHMENT_MESSAGES, MESSAGE_MESSAGES, messagePreview } from '../../../schema/rules/messages.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import { uploadKey } from '../lib/file-storage.ts';
import type { UnitOfWork, WriteTx } from '../lib/unit-of-work.ts';
import type { RealtimeHub } from '../replication/hub.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { ChatFiles } from './chat-files.ts';
import { messageSending, type NewMessage } from './messaging-send.ts';
import type { PushSender } from './push-sender.ts';
import { isChatUploadPath } from './rest-attachments.ts';
import { fail, ok, type Refusal, type ServiceResult } from './result.ts';
import type { TrustService } from './trust.ts';

export { toConversationDoc, toMessageDoc, toNotificationDoc } from './messaging-docs.ts';
export type { NewMessage } from './messaging-send.ts';

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
  /** Web Push (issue 23). */
  pushes?: Pick<PushSender, 'queue'>;
  /** Blocks and deleted accounts (issue 24). */
  trust?: Pick<TrustService, 'writeRefusal'>;
  /** A deleted message's file goes with it (issue 21); without it, the daily purge removes it later. */
  files?: Pick<ChatFiles, 'removeIfUnused'>;
}) {
  const { uow, hub, repo } = deps;
  const { route, sendIn } = messageSending(deps);

  async function refreshSummaries(convId: string, tx: WriteTx) {
    const live = await repo.liveMessages(convId);
    const members = await membersOf(convId);
    const quiet = members.length === 2 && (await blockedBetween(members[0]!, members[1]!));
    const last = live.at(-1);
    for (const userId of members) {
      const m = await repo.member(convId, userId);
      if (!m) continue;
      // With a block, reads are not marked on the messages (markRead): what is past lastReadAt is unread.
      const unread = live.filter(
        (x) => x.recipientId === userId && !x.isRead && (!quiet || x.createdAt > m.lastReadAt),
      ).length;
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
   * Whether one of the two blocked the other (or the other's account is gone): what would reach them
   * (a reaction, a read mark, a typing signal) does not, the same rule as a message (trust.ts).
   */
  async function blockedBetween(callerId: string, otherId: string): Promise<boolean> {
    return !!deps.trust && (await deps.trust.writeRefusal(callerId, otherId)) !== null;
  }

  /** Why `callerId` may not react to a message of their conversation (a block either way), or null. */
  async function reactionRefusal(
    callerId: string,
    msg: Pick<MessageRow, 'senderId' | 'recipientId'>,
  ): Promise<Refusal | null> {
    const other = msg.senderId === callerId ? msg.recipientId : msg.senderId;
    return deps.trust ? await deps.trust.writeRefusal(callerId, other) : null;
  }

  async function membersOf(convId: string): Promise<string[]> {
    const c = await repo.conversation(convId);
    return c ? [c.sellerId, c.buyerId] : [];
  }

  /** The body of `markRead`, inside its unit of work. */
  async function markReadIn(
    tx: WriteTx,
    callerId: string,
    convId: string,
    upTo: string,
  ): Promise<ServiceResult<null>> {
    const member = await repo.member(convId, callerId);
    if (!member) return fail(404, MESSAGE_MESSAGES.notFound, 'not_found');
    const unread = await repo.unreadFor(convId, callerId);
    const read = unread.filter((m) => m.createdAt <= upTo);
    // With a block either way (issue 40, L6) the read stays the reader's own (their count, their
    // notifications): the messages are not marked read and the other side is told nothing.
    const quiet = await blockedBetween(callerId, member.otherUserId);
    if (!quiet) for (const m of read) await repo.updateMessage(m.id, { isRead: true, seq: tx.seq() });
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
    if (read.length && !quiet) {
      tx.poke(['messages'], [callerId, member.otherUserId]);
      tx.emit('messagesRead', { conversationId: convId, readerId: callerId, upTo }, [member.otherUserId]);
    }
    return ok(null);
  }

  return {
    route,
    membersOf,
    reactionRefusal,

    /** Notes that `userId` uploaded the chat file at `path` (so they, and only they, may send it) and its size. */
    async recordUpload(userId: string, path: string, bytes = 0): Promise<void> {
      await uow.write(() => repo.recordUpload(path, userId, Date.now(), bytes));
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
    ): Promise<ServiceResult<MessageRow>> {
      return await uow.write((tx) => sendIn(tx, callerId, input, opts.storedFile ?? false));
    },

    /**
     * One reaction per user per message; null removes the caller's. Participants only. With a block
     * either way a reaction is refused as a message would be (issue 40, L5); taking one's own back is not.
     */
    async react(callerId: string, msg: MessageRow, emoji: string | null): Promise<ServiceResult<null>> {
      if (msg.senderId !== callerId && msg.recipientId !== callerId)
        return fail(403, MESSAGE_MESSAGES.notParticipant, 'forbidden');
      const refused = emoji === null ? null : await reactionRefusal(callerId, msg);
      if (refused) return refused;
      const others = msg.reactions.filter((x) => x.userId !== callerId);
      const reactions: Reaction[] = emoji ? [...others, { emoji, userId: callerId }] : others;
      await uow.write(async (tx) => {
        await repo.updateMessage(msg.id, { reactions, seq: tx.seq() });
        tx.poke(['messages'], [msg.senderId, msg.recipientId]);
      });
      return ok(null);
    },

    /** The sender deletes their message; the last one going empties the conversation. */
    async remove(callerId: string, msg: MessageRow): Promise<ServiceResult<null>> {
      if (msg.senderId !== callerId) return fail(403, MESSAGE_MESSAGES.onlySenderDeletes, 'forbidden');
      await uow.write(async (tx) => {
        await repo.updateMessage(msg.id, { deleted: true, seq: tx.seq() });
        const both = [msg.senderId, msg.recipientId];
        tx.poke(['messages'], both);
        if ((await repo.countLive(msg.conversationId)) === 0) {
          tx.emit('conversationEmpty', { conversationId: msg.conversationId }, both);
        }
        await refreshSummaries(msg.conversationId, tx);
        const { files } = deps;
        // After the commit; a failure leaves the file to the daily purge of unused chat files.
        if (msg.image && files) tx.effect(() => files.removeIfUnused(msg.image).catch(() => undefined));
      });
      return ok(null);
    },

    /**
     * Opening a conversation: its messages to the caller up to `upTo` become read, their notifications go.
     * `upTo` is the server time of the newest message the reader's device had shown (a read made offline
     * must not cover what arrived meanwhile); a client that names no bound passes the server's now.
     * lastReadAt never goes back; unreadCount is what is left unread after the bound.
     */
    async markRead(callerId: string, convId: string, upTo: string): Promise<ServiceResult<null>> {
      return await uow.write((tx) => markReadIn(tx, callerId, convId, upTo));
    },

    /** `typing` from a participant becomes `userTyping` for the other one, unless either blocked the other. */
    async typing(callerId: string, convId: string, isTyping: boolean): Promise<void> {
      const member = await repo.member(convId, callerId);
      if (!member || (await blockedBetween(callerId, member.otherUserId))) return;
      hub.emit('userTyping', { conversationId: convId, userId: callerId, isTyping }, [member.otherUserId]);
    },
  };
}
export type MessagingService = ReturnType<typeof messagingService>;
