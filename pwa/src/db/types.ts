import type { RxCollection, RxDatabase } from 'rxdb';
import type { AnnouncementDoc } from '../../../schema/entities.ts';

export type HobbizCollections = {
  announcements: RxCollection<AnnouncementDoc>;
};
export type HobbizDatabase = RxDatabase<HobbizCollections>;
