import type { RxJsonSchema } from 'rxdb';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  announcementDoc,
  conversationDoc,
  draftDoc,
  favoriteDoc,
  messageDoc,
  notificationDoc,
  profileDoc,
  reviewDoc,
} from '../entities.ts';
import { COLLECTION_VERSIONS } from '../sync.ts';
import { announcementRxSchema } from './announcements.ts';
import { draftRxSchema } from './drafts.ts';
import { favoriteRxSchema } from './favorites.ts';
import { conversationRxSchema, messageRxSchema, notificationRxSchema } from './messaging.ts';
import { profileRxSchema, reviewRxSchema } from './public.ts';

const pairs: [string, z.ZodObject, RxJsonSchema<never>][] = [
  ['announcements', announcementDoc, announcementRxSchema as RxJsonSchema<never>],
  ['favorites', favoriteDoc, favoriteRxSchema as RxJsonSchema<never>],
  ['drafts', draftDoc, draftRxSchema as RxJsonSchema<never>],
  ['reviews', reviewDoc, reviewRxSchema as RxJsonSchema<never>],
  ['profiles', profileDoc, profileRxSchema as RxJsonSchema<never>],
  ['conversations', conversationDoc, conversationRxSchema as RxJsonSchema<never>],
  ['messages', messageDoc, messageRxSchema as RxJsonSchema<never>],
  ['notifications', notificationDoc, notificationRxSchema as RxJsonSchema<never>],
];

describe('every replicated collection', () => {
  it('is versioned in the sync protocol', () => {
    expect(pairs.map(([name]) => name).sort()).toEqual(Object.keys(COLLECTION_VERSIONS).sort());
  });

  it.each(pairs)(
    '%s: entity schema and RxDB schema have the same fields, all required, keyed by id',
    (name, entity, rx) => {
      const fields = Object.keys(entity.shape).sort();
      expect(Object.keys(rx.properties).sort()).toEqual(fields);
      expect([...(rx.required as string[])].sort()).toEqual(fields);
      expect(rx.primaryKey).toBe('id');
      expect(rx.title).toBe(name);
      expect(rx.version).toBe(COLLECTION_VERSIONS[name as keyof typeof COLLECTION_VERSIONS]);
      expect(Object.keys(rx.properties)).not.toContain('seq');
    },
  );
});
