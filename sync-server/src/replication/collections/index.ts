import type { CollectionName } from '../../../../schema/sync.ts';
import { type Db, nextSeq } from '../../plugins/db.ts';
import type { AnnouncementsRepository } from '../../repositories/announcements.ts';
import type { DraftsRepository } from '../../repositories/drafts.ts';
import type { FavoritesRepository } from '../../repositories/favorites.ts';
import type { MessagingRepository } from '../../repositories/messaging.ts';
import type { ReviewsRepository } from '../../repositories/reviews.ts';
import type { UsersRepository } from '../../repositories/users.ts';
import type { FavoritesService } from '../../services/favorites.ts';
import type { MessagingService } from '../../services/messaging.ts';
import type { RealtimeHub } from '../hub.ts';
import { withPurgeHorizon } from '../purge.ts';
import type { CollectionHandler } from '../types.ts';
import { announcementsCollection } from './announcements.ts';
import { draftsCollection } from './drafts.ts';
import { favoritesCollection } from './favorites.ts';
import { conversationsCollection, messagesCollection, notificationsCollection } from './messaging.ts';
import { profilesCollection, reviewsCollection } from './public.ts';

/** Every replicated collection, by name; each module owns its scoping and its push rules. */
export function buildCollections(deps: {
  db: Db;
  hub: RealtimeHub;
  announcements: AnnouncementsRepository;
  favorites: FavoritesRepository;
  favoritesService: FavoritesService;
  drafts: DraftsRepository;
  reviews: ReviewsRepository;
  users: UsersRepository;
  messaging: MessagingRepository;
  messagingService: MessagingService;
}): Record<CollectionName, CollectionHandler> {
  const seq = () => nextSeq(deps.db);
  const chat = { db: deps.db, seq, repo: deps.messaging, service: deps.messagingService, hub: deps.hub };
  return {
    announcements: withPurgeHorizon(deps.db, announcementsCollection(deps.announcements)),
    favorites: favoritesCollection({
      db: deps.db,
      seq,
      repo: deps.favorites,
      service: deps.favoritesService,
    }),
    drafts: draftsCollection({ db: deps.db, seq, repo: deps.drafts, hub: deps.hub }),
    reviews: withPurgeHorizon(deps.db, reviewsCollection(deps.reviews)),
    profiles: profilesCollection(deps.users),
    conversations: conversationsCollection(chat),
    messages: messagesCollection(chat),
    notifications: notificationsCollection(chat),
  };
}
