import type { RxJsonSchema } from 'rxdb';
import type { FavoriteDoc } from '../entities.ts';
import { COLLECTION_VERSIONS } from '../sync.ts';

export const favoriteRxSchema: RxJsonSchema<FavoriteDoc> = {
  title: 'favorites',
  version: COLLECTION_VERSIONS.favorites,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 24 },
    createdAt: { type: 'string', maxLength: 32 },
  },
  required: ['id', 'createdAt'],
  indexes: ['createdAt'],
};
