import type { RxJsonSchema } from 'rxdb';
import { announcementRxSchema } from './announcements.ts';
import { draftRxSchema } from './drafts.ts';
import { favoriteRxSchema } from './favorites.ts';
import { conversationRxSchema, messageRxSchema, notificationRxSchema } from './messaging.ts';
import { profileRxSchema, reviewRxSchema } from './public.ts';

/**
 * The RxDB schemas as derived from the zod entities (this folder's other modules), by the name and
 * document type `schemas.gen.ts` exports them under. The PWA opens its database with `schemas.gen.ts`, the
 * same schemas written out as plain objects by `npm run rx:generate`, so that a device never downloads
 * zod to open its database; schemas.gen.test.ts fails when the two differ.
 */
export const DERIVED_RX_SCHEMAS: [name: string, docType: string, schema: RxJsonSchema<never>][] = [
  ['announcementRxSchema', 'AnnouncementDoc', announcementRxSchema as RxJsonSchema<never>],
  ['draftRxSchema', 'DraftDoc', draftRxSchema as RxJsonSchema<never>],
  ['favoriteRxSchema', 'FavoriteDoc', favoriteRxSchema as RxJsonSchema<never>],
  ['conversationRxSchema', 'ConversationDoc', conversationRxSchema as RxJsonSchema<never>],
  ['messageRxSchema', 'MessageDoc', messageRxSchema as RxJsonSchema<never>],
  ['notificationRxSchema', 'NotificationDoc', notificationRxSchema as RxJsonSchema<never>],
  ['profileRxSchema', 'ProfileDoc', profileRxSchema as RxJsonSchema<never>],
  ['reviewRxSchema', 'ReviewDoc', reviewRxSchema as RxJsonSchema<never>],
];

/** The text of schemas.gen.ts. */
export function renderGenerated(): string {
  const types = [...DERIVED_RX_SCHEMAS.map(([, t]) => t)].sort().join(', ');
  const body = DERIVED_RX_SCHEMAS.map(
    ([name, type, schema]) =>
      `export const ${name}: RxJsonSchema<${type}> = ${JSON.stringify(schema, null, 2)};\n`,
  ).join('\n');
  return `// Written by \`npm run rx:generate\` (scripts/rx-schemas.ts) from schema/rx/derived.ts: do not edit.
// The RxDB schemas derived from the zod entities, as plain objects: opening the database needs no zod.
import type { RxJsonSchema } from 'rxdb';
import type { ${types} } from '../entities.ts';

${body}`;
}
