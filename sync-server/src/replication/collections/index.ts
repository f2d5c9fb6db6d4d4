import type { CollectionName } from '../../../../schema/sync.ts';
import { type Db, nextSeq } from '../../plugins/db.ts';
import type { DraftsRepository } from '../../repositories/drafts.ts';
import type { FavoritesRepository } from '../../repositories/favorites.ts';
import type { MessagingRepository } from '../../repositories/messaging.ts';
import type { FavoritesService } from '../../services/favorites.ts';
import type { MessagingService } from '../../services/messaging.ts';
import type { RealtimeHub } from '../hub.ts';
import type { CollectionHandler } from '../types.ts';
import { draftsCollection } from './drafts.ts';
import { favoritesCollection } from './favorites.ts';
import { conversationsCollection, messagesCollection, notificationsCollection } from './messaging.ts';

/**
 * Every pulled collection, by name; each module owns its scoping and its push rules. Announcements,
 * profiles and reviews are not pulled: a device holds the ones it shows (see held.ts).
 */
export function buildCollections(deps: {
  db: Db;
  hub: RealtimeHub;
  favorites: FavoritesRepository;
  favoritesService: FavoritesService;
  drafts: DraftsRepository;
  messaging: MessagingRepository;
  messagingService: MessagingService;
}): Partial<Record<CollectionName, CollectionHandler>> {
  const seq = () => nextSeq(deps.db);
  const chat = { db: deps.db, seq, repo: deps.messaging, service: deps.messagingService, hub: deps.hub };
  return {
    favorites: favoritesCollection({
      db: deps.db,
      seq,
      repo: deps.favorites,
      service: deps.favoritesService,
    }),
    drafts: draftsCollection({ db: deps.db, seq, repo: deps.drafts, hub: deps.hub }),
    conversations: conversationsCollection(chat),
    messages: messagesCollection(chat),
    notifications: notificationsCollection(chat),
  };
}
