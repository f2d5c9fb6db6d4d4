import type { ReplyTo } from '../../../schema/db/tables.ts';
import { newId } from '../../../schema/ids.ts';
import { SIGN_IN_REQUIRED } from '../../../schema/rules/common.ts';
import { fitAttachmentName, messagePreview, validateMessageBody } from '../../../schema/rules/messages.ts';
import { markDirty } from './pending-count.ts';
import { currentDatabase } from './registry.ts';
import { currentSyncClient } from './sync-status.ts';

function db() {
  const d = currentDatabase();
  if (!d?.collections.messages) throw new Error(SIGN_IN_REQUIRED);
  return d;
}

/**
 * Sends a message: it is in the local database (and on screen) at once, offline too; replication takes it
 * to the server, which decides the conversation, the sender and the time. Returns the message id.
 */
export async function sendMessage(input: {
  announcementId: string;
  /** The buyer, when the seller answers; '' when a buyer writes to the seller. */
  recipientId: string;
  conversationId: string;
  text: string;
  image?: string;
  /** The attachment's name as the device called it; fitted to the shared rule here. */
  fileName?: string;
  replyTo?: ReplyTo | null;
  /** A message queued earlier (a file sent offline) keeps the id it was shown with. */
  id?: string;
}): Promise<string> {
  const error = validateMessageBody(input.text, input.image ?? '');
  if (error) throw new Error(error);
  const id = input.id ?? newId();
  await db().messages.insert({
    id,
    conversationId: input.conversationId,
    announcementId: input.announcementId,
    senderId: '',
    recipientId: input.recipientId,
    text: input.text,
    image: input.image ?? '',
    fileName: input.image ? fitAttachmentName(input.fileName ?? '', input.image) : '',
    replyTo: input.replyTo ?? null,
    reactions: [],
    isRead: false,
    createdAt: new Date().toISOString(),
  });
  markDirty('messages', id);
  return id;
}

/** Same emoji again removes the user's reaction; another emoji replaces it (one per user). */
export async function toggleReaction(messageId: string, userId: string, emoji: string): Promise<void> {
  const doc = await db().messages.findOne(messageId).exec();
  if (!doc) return;
  await doc.incrementalModify((m) => {
    const mine = m.reactions.find((r) => r.userId === userId);
    const others = m.reactions.filter((r) => r.userId !== userId);
    m.reactions = mine?.emoji === emoji ? others : [...others, { emoji, userId }];
    return m;
  });
  markDirty('messages', messageId);
}

/** Deletes one's own message (the server refuses anyone else's). */
export async function deleteMessage(messageId: string): Promise<void> {
  const doc = await db().messages.findOne(messageId).exec();
  if (!doc) return;
  await doc.remove();
  markDirty('messages', messageId);
}

/**
 * Opening a conversation marks it read up to `upTo`: the server time of the newest message from the other
 * person this device has shown. A read made offline thus covers only what the device had shown — the
 * server leaves later messages unread. The server then tells the other side (messagesRead).
 */
export async function markConversationRead(conversationId: string, upTo: string): Promise<void> {
  const doc = await db().conversations.findOne(conversationId).exec();
  if (!doc || doc.unreadCount === 0 || !upTo || upTo <= doc.lastReadAt) return;
  // Everything this device has is on screen, so nothing it knows of is left unread; the server's count
  // (messages it has and the device has not) comes back with the next pull.
  await doc.incrementalPatch({ lastReadAt: upTo, unreadCount: 0 });
  markDirty('conversations', conversationId);
}

export function setViewingConversation(conversationId: string | null): void {
  currentSyncClient()?.setViewing(conversationId);
}

export function sendTyping(conversationId: string, isTyping: boolean): void {
  currentSyncClient()?.sendTyping(conversationId, isTyping);
}

export { messagePreview };

/**
 * Removes notifications (clicked while unread, a delete button, 'Șterge toate'); works offline: the
 * removal is pushed when the socket is back and the server keeps tombstones, so other devices lose them too.
 */
export async function deleteNotifications(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db().notifications.findByIds(ids).exec();
  const live = [...found.keys()];
  if (live.length === 0) return;
  await db().notifications.bulkRemove(live);
  for (const id of live) markDirty('notifications', id);
}
