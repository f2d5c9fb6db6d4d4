import { announcementDoc } from '../entities.ts';
import { rxSchemaOf } from './from-zod.ts';

const time = { maxLength: 32 };

/** RxDB schema of the replicated announcements; a test checks it against the entity and the SQL table. */
export const announcementRxSchema = rxSchemaOf(announcementDoc, {
  title: 'announcements',
  fields: {
    favoritesCount: { minimum: 0, maximum: 1_000_000_000, multipleOf: 1 },
    views: { minimum: 0 },
    createdAt: time,
    updatedAt: time,
  },
  indexes: [['active', 'favoritesCount', 'createdAt'], 'createdAt'],
});
