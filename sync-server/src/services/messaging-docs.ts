import type { MemberRow, MessageRow, NotificationRow } from '../../../schema/db/tables.ts';
import type { ConversationDoc, MessageDoc, NotificationDoc } from '../../../schema/entities.ts';
import type { RealtimeHub } from '../replication/hub.ts';

/** Messaging rows as the replicated documents, and the real-time effects of a messaging write. */

export const toMessageDoc = (m: MessageRow): MessageDoc => ({
  id: m.id,
  conversationId: m.conversationId,
  announcementId: m.announcementId,
  senderId: m.senderId,
  recipientId: m.recipientId,
  text: m.text,
  image: m.image,
  fileName: m.fileName,
  replyTo: m.replyTo ?? null,
  reactions: m.reactions,
  isRead: m.isRead,
  createdAt: m.createdAt,
});

export const toConversationDoc = (m: MemberRow): ConversationDoc => ({
  id: m.conversationId,
  otherUserId: m.otherUserId,
  announcementId: m.announcementId,
  lastMessageText: m.lastMessageText,
  lastMessageAt: m.lastMessageAt,
  lastSenderId: m.lastSenderId,
  unreadCount: m.unreadCount,
  lastReadAt: m.lastReadAt,
});

export const toNotificationDoc = (n: NotificationRow): NotificationDoc => ({
  id: n.id,
  senderId: n.senderId,
  conversationId: n.conversationId,
  link: n.link,
  message: n.message,
  read: n.read,
  createdAt: n.createdAt,
});

/** Real-time consequences gathered inside a transaction and published after it commits. */
export class Effects {
  private pokes = new Map<string, Set<string>>();
  private events: { name: string; payload: unknown; to: string[] }[] = [];
  poke(collections: string[], userIds: string[]) {
    for (const c of collections) {
      const set = this.pokes.get(c) ?? new Set<string>();
      for (const u of userIds) set.add(u);
      this.pokes.set(c, set);
    }
  }
  emit(name: string, payload: unknown, to: string[]) {
    this.events.push({ name, payload, to });
  }
  publish(hub: RealtimeHub) {
    for (const [c, users] of this.pokes) hub.poke([c], users);
    for (const e of this.events) hub.emit(e.name, e.payload, e.to);
    this.pokes.clear();
    this.events = [];
  }
}
