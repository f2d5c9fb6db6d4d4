import type { CollectionName } from '../../../../schema/sync.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { DraftsRepository } from '../../repositories/drafts.ts';
import type { FavoritesRepository } from '../../repositories/favorites.ts';
import type { MessagingRepository } from '../../repositories/messaging.ts';
import type { DraftsService } from '../../services/drafts.ts';
import type { FavoritesService } from '../../services/favorites.ts';
import type { MessagingService } from '../../services/messaging.ts';
import type { NotificationsService } from '../../services/notifications.ts';
import type { CollectionHandler } from '../types.ts';
import { draftsCollection } from './drafts.ts';
import { favoritesCollection } from './favorites.ts';
import { conversationsCollection, messagesCollection, notificationsCollection } from './messaging.ts';

/**
 * Every pulled collection, by name; each module owns its scoping and its push rules, and writes through
 * the services (one unit of work per pushed batch). Announcements, profiles and reviews are not pulled:
 * a device holds the ones it shows (see held.ts).
 */
export function buildCollections(deps: {
  uow: UnitOfWork;
  favorites: FavoritesRepository;
  favoritesService: FavoritesService;
  drafts: DraftsRepository;
  draftsService: DraftsService;
  messaging: MessagingRepository;
  messagingService: MessagingService;
  notificationsService: NotificationsService;
}): Partial<Record<CollectionName, CollectionHandler>> {
  const { uow } = deps;
  return {
    favorites: favoritesCollection({ uow, repo: deps.favorites, service: deps.favoritesService }),
    drafts: draftsCollection({ uow, repo: deps.drafts, service: deps.draftsService }),
    conversations: conversationsCollection(deps),
    messages: messagesCollection(deps),
    notifications: notificationsCollection(deps),
  };
}
