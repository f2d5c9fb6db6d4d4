import type { RxJsonSchema } from 'rxdb';
import type { AnnouncementDoc } from '../entities.ts';
import { COLLECTION_VERSIONS } from '../sync.ts';

const str = (maxLength?: number): { type: 'string'; maxLength?: number } =>
  maxLength ? { type: 'string', maxLength } : { type: 'string' };

/** RxDB schema of the replicated announcements; a test checks it against the entity and the SQL table. */
export const announcementRxSchema: RxJsonSchema<AnnouncementDoc> = {
  title: 'announcements',
  version: COLLECTION_VERSIONS.announcements,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: str(24),
    ownerId: str(24),
    title: str(),
    category: str(),
    description: str(),
    location: str(),
    localitate: str(),
    contactPerson: str(),
    contactEmail: str(),
    contactPhone: str(),
    images: { type: 'array', items: { type: 'string' } },
    price: { type: ['integer', 'null'] },
    favoritesCount: { type: 'integer', minimum: 0, maximum: 1_000_000_000, multipleOf: 1 },
    views: { type: 'integer', minimum: 0 },
    createdAt: str(32),
    updatedAt: str(32),
    active: { type: 'boolean' },
  },
  required: [
    'id',
    'ownerId',
    'title',
    'category',
    'description',
    'location',
    'localitate',
    'contactPerson',
    'contactEmail',
    'contactPhone',
    'images',
    'price',
    'favoritesCount',
    'views',
    'createdAt',
    'updatedAt',
    'active',
  ],
  indexes: [['active', 'favoritesCount', 'createdAt'], 'createdAt'],
};
