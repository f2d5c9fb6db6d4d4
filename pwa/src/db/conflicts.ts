import type { RxConflictHandler } from 'rxdb';
import { deepEqual } from 'rxdb/plugins/utils';
import type {
  ConversationDoc,
  DraftDoc,
  FavoriteDoc,
  MessageDoc,
  NotificationDoc,
} from '../../../schema/entities.ts';
import { recordDraftConflicts } from './draft-conflicts.ts';
import { mergeDraftFields, pickDraftFields, sameDraftFields } from './draft-merge.ts';
import type { CollectionKey } from './types.ts';

/**
 * When a push meets a server copy that is not the one the device last saw, RxDB asks us what to keep.
 * Keeping the server copy outright would silently drop what the user just did (e.g. a favourite removed
 * offline right after adding it online, before the server's version came back). Each handler re-applies
 * the user's intent on top of the server copy — but only intent the server accepts, or the push would
 * be refused again and loop.
 */
function handler<T>(
  merge: (real: T & { _deleted: boolean }, mine: T & { _deleted: boolean }) => T & { _deleted: boolean },
): RxConflictHandler<T> {
  return {
    isEqual: (a, b) => deepEqual(a, b),
    resolve: async ({ realMasterState, newDocumentState }) => merge(realMasterState, newDocumentState),
  };
}

export function conflictHandlers(
  userId: string | null,
): Partial<Record<CollectionKey, RxConflictHandler<never>>> {
  return {
    // Removing is always accepted; adding may be refused (limit, announcement gone): then the server wins.
    favorites: handler<FavoriteDoc>((real, mine) =>
      mine._deleted && !real._deleted ? { ...real, _deleted: true } : real,
    ) as unknown as RxConflictHandler<never>,
    drafts: draftHandler(userId) as unknown as RxConflictHandler<never>,
    // One's own reaction and the deletion of one's own message; everything else is the server's.
    messages: handler<MessageDoc>((real, mine) => {
      if (!userId || real._deleted) return real;
      if (mine._deleted && real.senderId === userId) return { ...real, _deleted: true };
      const own = mine.reactions.filter((r) => r.userId === userId);
      const others = real.reactions.filter((r) => r.userId !== userId);
      return { ...real, reactions: [...others, ...own] };
    }) as unknown as RxConflictHandler<never>,
    // Read stays read — up to what this device had shown (lastReadAt): messages the server has after it
    // stay unread (the server recounts them when the read lands).
    conversations: handler<ConversationDoc>((real, mine) =>
      mine.lastReadAt > real.lastReadAt && real.unreadCount > 0
        ? {
            ...real,
            lastReadAt: mine.lastReadAt,
            unreadCount: real.lastMessageAt <= mine.lastReadAt ? 0 : real.unreadCount,
          }
        : real,
    ) as unknown as RxConflictHandler<never>,
    notifications: handler<NotificationDoc>((real, mine) => ({
      ...real,
      read: real.read || mine.read,
      _deleted: real._deleted || mine._deleted,
    })) as unknown as RxConflictHandler<never>,
  };
}

/**
 * The draft, merged per field against the version this device last had from the server: a field only one
 * device changed keeps that change; a field both changed keeps the server's (newer) text, and this
 * device's text waits for the person's choice on the publish page. A publish (deletion) on either side:
 * the later action wins, as before.
 */
function draftHandler(userId: string | null): RxConflictHandler<DraftDoc> {
  return {
    isEqual: (a, b) => deepEqual(a, b),
    resolve: async ({ assumedMasterState: base, realMasterState: real, newDocumentState: mine }) => {
      if (real._deleted || mine._deleted) return mine.updatedAt > real.updatedAt ? mine : real;
      const { merged, conflicts } = mergeDraftFields(
        base && !base._deleted ? pickDraftFields(base) : null,
        pickDraftFields(mine),
        pickDraftFields(real),
      );
      recordDraftConflicts(userId, conflicts);
      if (sameDraftFields(merged, real)) return real;
      // A new version after the server's, so the merged draft is pushed over it.
      const at = Math.max(Date.now(), Date.parse(real.updatedAt) + 1 || 0);
      return { ...real, ...merged, updatedAt: new Date(at).toISOString(), _deleted: false };
    },
  };
}
