import { map } from 'rxjs';
import type {
  AnnouncementDoc,
  ConversationDoc,
  MessageDoc,
  ProfileDoc,
} from '../../../../schema/entities.ts';
import { useRx } from '../../db/use-rx.ts';

/** The signed-in person's conversations, newest activity first; undefined while the database opens. */
export function useConversations(): ConversationDoc[] | undefined {
  return useRx(
    (db) =>
      db.collections.conversations
        ? db.conversations
            .find({ sort: [{ lastMessageAt: 'desc' }] })
            .$.pipe(map((docs) => docs.map((d) => d.toJSON() as ConversationDoc)))
        : null,
    [],
  );
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
  return useRx(
    (db) =>
      conversationId && db.collections.messages
        ? db.messages
            .find({ selector: { conversationId }, sort: [{ createdAt: 'asc' }] })
            .$.pipe(map((docs) => docs.map((d) => d.toJSON() as MessageDoc)))
        : null,
    [conversationId],
  );
}

/** Public profiles by id (names and avatars of the other participants), as a map. */
export function useProfiles(ids: string[]): Map<string, ProfileDoc> {
  const key = [...new Set(ids.filter(Boolean))].sort().join(',');
  return (
    useRx(
      (db) =>
        key
          ? db.profiles
              .findByIds(key.split(','))
              .$.pipe(map((m) => new Map([...m].map(([k, d]) => [k, d.toJSON() as ProfileDoc]))))
          : null,
      [key],
    ) ?? new Map()
  );
}

/** Announcements by id (titles, covers, prices for the chat list and the popup), as a map. */
export function useAnnouncementsById(ids: string[]): Map<string, AnnouncementDoc> {
  const key = [...new Set(ids.filter(Boolean))].sort().join(',');
  return (
    useRx(
      (db) =>
        key
          ? db.announcements
              .findByIds(key.split(','))
              .$.pipe(map((m) => new Map([...m].map(([k, d]) => [k, d.toMutableJSON() as AnnouncementDoc]))))
          : null,
      [key],
    ) ?? new Map()
  );
}

export function fullName(p: ProfileDoc | undefined): string {
  if (!p) return 'Utilizator Hobbiz';
  return `${p.firstName} ${p.lastName}`.trim() || 'Utilizator Hobbiz';
}
