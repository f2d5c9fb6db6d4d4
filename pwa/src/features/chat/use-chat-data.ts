import { map } from 'rxjs';
import type {
  AnnouncementDoc,
  ConversationDoc,
  MessageDoc,
  ProfileDoc,
} from '../../../../schema/entities.ts';
import { useRx, useRxByIds, useRxFind } from '../../db/use-rx.ts';

/** The signed-in person's conversations, newest activity first; undefined while the database opens. */
export function useConversations(): ConversationDoc[] | undefined {
  return useRxFind('conversations', { sort: [{ lastMessageAt: 'desc' }] }, []);
}

export function useConversation(id: string | null): ConversationDoc | null | undefined {
  return useRx(
    (db) =>
      id && db.collections.conversations
        ? db.conversations.findOne(id).$.pipe(map((d) => (d ? (d.toJSON() as ConversationDoc) : null)))
        : null,
    [id],
  );
}

/** The messages of one conversation in the order they were written (pending ones included). */
export function useMessages(conversationId: string | null): MessageDoc[] | undefined {
  return useRxFind(
    'messages',
    conversationId ? { selector: { conversationId }, sort: [{ createdAt: 'asc' }] } : null,
    [conversationId],
  );
}

/** Public profiles by id (names and avatars of the other participants), as a map. */
export function useProfiles(ids: string[]): Map<string, ProfileDoc> {
  return useRxByIds('profiles', ids);
}

/** Announcements by id (titles, covers, prices for the chat list and the popup), as a map. */
export function useAnnouncementsById(ids: string[]): Map<string, AnnouncementDoc> {
  return useRxByIds('announcements', ids);
}

export function fullName(p: ProfileDoc | undefined): string {
  if (!p) return 'Utilizator Hobbiz';
  return `${p.firstName} ${p.lastName}`.trim() || 'Utilizator Hobbiz';
}
