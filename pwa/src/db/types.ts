import type { RxCollection, RxDatabase } from 'rxdb';
import type { AnnouncementDoc, DraftDoc, FavoriteDoc } from '../../../schema/entities.ts';

export type HobbizCollections = {
  announcements: RxCollection<AnnouncementDoc>;
  favorites: RxCollection<FavoriteDoc>;
  drafts: RxCollection<DraftDoc>;
};
export type HobbizDatabase = RxDatabase<HobbizCollections>;
