import { profileDoc, reviewDoc } from '../entities.ts';
import { rxSchemaOf } from './from-zod.ts';

export const reviewRxSchema = rxSchemaOf(reviewDoc, {
  title: 'reviews',
  fields: { score: { minimum: 0, maximum: 5 }, createdAt: { maxLength: 32 } },
  indexes: ['userId', 'createdAt'],
});

export const profileRxSchema = rxSchemaOf(profileDoc, { title: 'profiles' });
