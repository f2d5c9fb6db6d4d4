import { favoriteDoc } from '../entities.ts';
import { rxSchemaOf } from './from-zod.ts';

export const favoriteRxSchema = rxSchemaOf(favoriteDoc, {
  title: 'favorites',
  fields: { createdAt: { maxLength: 32 } },
  indexes: ['createdAt'],
});
