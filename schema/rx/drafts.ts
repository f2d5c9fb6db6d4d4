import type { RxJsonSchema } from 'rxdb';
import type { DraftDoc } from '../entities.ts';
import { COLLECTION_VERSIONS } from '../sync.ts';

const text = { type: 'string' } as const;

export const draftRxSchema: RxJsonSchema<DraftDoc> = {
  title: 'drafts',
  version: COLLECTION_VERSIONS.drafts,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 8 },
    title: text,
    category: text,
    description: text,
    location: text,
    localitate: text,
    contactPerson: text,
    contactEmail: text,
    contactPhone: text,
    price: text,
    updatedAt: text,
  },
  required: [
    'id',
    'title',
    'category',
    'description',
    'location',
    'localitate',
    'contactPerson',
    'contactEmail',
    'contactPhone',
    'price',
    'updatedAt',
  ],
};
