import type { RxJsonSchema } from 'rxdb';
import type { ProfileDoc, ReviewDoc } from '../entities.ts';
import { COLLECTION_VERSIONS } from '../sync.ts';

const id = { type: 'string', maxLength: 24 } as const;
const text = { type: 'string' } as const;

export const reviewRxSchema: RxJsonSchema<ReviewDoc> = {
  title: 'reviews',
  version: COLLECTION_VERSIONS.reviews,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    authorId: id,
    userId: id,
    announcementId: text,
    score: { type: 'number', minimum: 0, maximum: 5 },
    comment: text,
    likes: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string', maxLength: 32 },
    updatedAt: text,
  },
  required: [
    'id',
    'authorId',
    'userId',
    'announcementId',
    'score',
    'comment',
    'likes',
    'createdAt',
    'updatedAt',
  ],
  indexes: ['userId', 'createdAt'],
};

export const profileRxSchema: RxJsonSchema<ProfileDoc> = {
  title: 'profiles',
  version: COLLECTION_VERSIONS.profiles,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    firstName: text,
    lastName: text,
    avatar: text,
    localitate: text,
    createdAt: text,
    lastSeen: text,
  },
  required: ['id', 'firstName', 'lastName', 'avatar', 'localitate', 'createdAt', 'lastSeen'],
};
