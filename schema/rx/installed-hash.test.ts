import { createHash } from 'node:crypto';
import { normalizeRxJsonSchema, type RxJsonSchema } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { COLLECTION_VERSIONS } from '../sync.ts';
import { announcementRxSchema } from './announcements.ts';
import { draftRxSchema } from './drafts.ts';
import { favoriteRxSchema } from './favorites.ts';
import { conversationRxSchema, messageRxSchema, notificationRxSchema } from './messaging.ts';
import { profileRxSchema, reviewRxSchema } from './public.ts';

/**
 * What installed devices hold: RxDB compares a collection's stored schema hash, made from the schema
 * normalized like this, with the one the app opens it with; the same version with another hash fails
 * to open. These hashes are those of the hand-written schemas that shipped (before the schemas were
 * derived from the zod entities): a derived schema that means anything else must bump its version in
 * COLLECTION_VERSIONS (with a migration) and update the pin here.
 */
const SHIPPED: Record<string, [version: number, sha256: string]> = {
  announcements: [0, '6fb10c2039162d6ff3d918b27598184d942fa6cecdfaa5862db5c85ba4bdce5e'],
  drafts: [0, '6315d32e39aa2c73d0faef6a113d921d73484afd1c43e1f296cee8b0fc04a078'],
  favorites: [0, '97c80a72f68f3bce8c735b2cf9a1274697bfd03685ce7affc0fdc7c668c0e2b5'],
  conversations: [0, '12d10daa9105f6aca4cc050d35df5fada2d42786170627d85e541a51d43b4d47'],
  messages: [1, 'e44412c0189a46e48b35625ca22610856cbf09ec0c35113685cea84107b16008'],
  notifications: [0, '934d9f067ca02efaad092cd00f9df65dec54bb3c0f429dc6fa0cfddf84d1edba'],
  profiles: [0, '916ab57e65f3baf25174b0041c65873f3db0a2a3b9ab4b4d1990ab5fe16dfa8a'],
  reviews: [0, '9b41336d2558e00244a9c3e6b446aab8c09ab39fb570180e9bd57f4708aea528'],
};

const schemas: RxJsonSchema<never>[] = [
  announcementRxSchema,
  draftRxSchema,
  favoriteRxSchema,
  conversationRxSchema,
  messageRxSchema,
  notificationRxSchema,
  profileRxSchema,
  reviewRxSchema,
] as RxJsonSchema<never>[];

const hash = (s: RxJsonSchema<never>) =>
  createHash('sha256')
    .update(JSON.stringify(normalizeRxJsonSchema(s)))
    .digest('hex');

describe('RxDB schemas derived from the zod entities', () => {
  it('cover every replicated collection', () => {
    expect(schemas.map((s) => s.title).sort()).toEqual(Object.keys(SHIPPED).sort());
  });

  it.each(schemas.map((s) => [s.title, s] as const))(
    '%s: same version and same normalized schema as the one installed devices hold',
    (title, schema) => {
      const [version, sha] = SHIPPED[title as string] ?? [];
      expect(COLLECTION_VERSIONS[title as keyof typeof COLLECTION_VERSIONS]).toBe(version);
      if (schema.version === version) expect(hash(schema)).toBe(sha);
    },
  );
});
