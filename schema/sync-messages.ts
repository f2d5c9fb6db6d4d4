/**
 * The sync socket's client messages as zod schemas (kept apart from schema/sync.ts so that the PWA's
 * first chunk, which reads constants there, does not load zod).
 */

import { z } from 'zod';
import { withoutNul } from './rules/common.ts';
import { HELD_KINDS, HELD_LIMITS, SYNC_LIMITS } from './sync.ts';

const requestId = z.string();
/** A flag is on only when it is `true` (anything else, as before this schema, is off). */
const flag = z.boolean().optional().catch(false);
/** A pushed document state's `_deleted`: absent (or not a boolean) is not deleted. */
const deletedFlag = z.boolean().catch(false);
/** `[key, seq]` pairs (seq: the server order of the device's copy, 0 for none); extra items are ignored. */
const heldKeyList = z.array(
  z
    .tuple([z.string().max(64), z.number().int().nonnegative()])
    .rest(z.unknown())
    .transform(([key, seq]): [key: string, seq: number] => [key, seq]),
);

/**
 * Every message a device sends, one zod schema per type: the server parses with them (no casts), the
 * client's messages are typed by them. `MALFORMED_ANSWER` says what a message that fails its schema gets.
 */
export const CLIENT_MESSAGES = {
  hello: z.object({
    type: z.literal('hello'),
    /** Bearer token, or null for a guest (public collections only). */
    token: z.string().nullish(),
    protocol: z.number(),
    collections: z.record(z.string(), z.number().optional()),
  }),
  pull: z.object({
    type: z.literal('pull'),
    id: requestId,
    collection: z.string(),
    checkpoint: z.object({ seq: z.number() }).nullable(),
    /** Clamped by the server (SYNC_LIMITS); a value that is no number is the default. */
    batchSize: z.number().catch(SYNC_LIMITS.defaultBatchSize),
  }),
  push: z.object({
    type: z.literal('push'),
    id: requestId,
    collection: z.string(),
    rows: z
      .array(
        z.object({
          newDocumentState: z.looseObject({ id: z.string(), _deleted: deletedFlag }),
          assumedMasterState: z.looseObject({ _deleted: deletedFlag }).optional(),
        }),
      )
      .max(SYNC_LIMITS.maxPushRows),
  }),
  /**
   * Hold these keys (answered with the documents newer than the given seq, as HeldDocs). `replace`
   * makes them the whole held set (sent on every connect); `own` also holds all of the caller's
   * announcements, whatever the device has.
   */
  hold: z.object({
    type: z.literal('hold'),
    id: requestId,
    keys: z
      .partialRecord(z.enum(HELD_KINDS), heldKeyList)
      .refine(
        (k) => Object.values(k).reduce((n, l) => n + (l?.length ?? 0), 0) <= HELD_LIMITS.maxKeysPerMessage,
      ),
    replace: flag,
    own: flag,
  }),
  /** The device evicted these: stop sending their changes. Not answered; what is not a key is skipped. */
  release: z.object({
    type: z.literal('release'),
    keys: z
      .partialRecord(
        z.enum(HELD_KINDS),
        z.array(z.unknown()).transform((l) => l.filter((k) => typeof k === 'string')),
      )
      .catch({}),
  }),
  /** Server search (listing, search, a seller's announcements): answered with a QueryResult. */
  query: z.object({
    type: z.literal('query'),
    id: requestId,
    params: z.record(z.string(), z.unknown()).catch({}),
  }),
  /** The search an open listing shows (null: none): new matches arrive as the `listingMatch` event. */
  watch: z.object({
    type: z.literal('watch'),
    params: z.record(z.string(), z.unknown()).nullable().catch(null),
  }),
  /** The conversation on screen (null when none): no notification is made for what one is reading. */
  viewing: z.object({ type: z.literal('viewing'), conversationId: z.string().nullable().catch(null) }),
  typing: z.object({ type: z.literal('typing'), conversationId: z.string(), isTyping: flag }),
} as const;

export type ClientMessageType = keyof typeof CLIENT_MESSAGES;
/** What a device sends. */
export type ClientMessage = {
  [K in ClientMessageType]: z.input<(typeof CLIENT_MESSAGES)[K]>;
}[ClientMessageType];
/** A message as the server reads it, once its schema has parsed it. */
export type ParsedClientMessage = {
  [K in ClientMessageType]: z.output<(typeof CLIENT_MESSAGES)[K]>;
}[ClientMessageType];

/**
 * The answer to a message of a known type that fails its schema: a hello cannot be served (a token that
 * is no string is refused, anything else means an outdated client); a request is a bad request; the
 * messages that are not answered are dropped.
 */
export const MALFORMED_ANSWER: Record<ClientMessageType, 'outdated' | 'bad-request' | 'ignore'> = {
  hello: 'outdated',
  pull: 'bad-request',
  push: 'bad-request',
  hold: 'bad-request',
  query: 'bad-request',
  release: 'ignore',
  watch: 'ignore',
  viewing: 'ignore',
  typing: 'ignore',
};

/** The envelope every message has: a type, and an id when it is a request. null: not a message at all. */
export function readEnvelope(
  raw: string,
): { data: Record<string, unknown>; type: string; id?: string } | null {
  try {
    const data: unknown = JSON.parse(raw, withoutNul);
    if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
    const { type, id } = data as { type?: unknown; id?: unknown };
    if (typeof type !== 'string') return null;
    return { data: data as Record<string, unknown>, type, ...(typeof id === 'string' ? { id } : {}) };
  } catch {
    return null;
  }
}

export const isClientMessageType = (type: string): type is ClientMessageType =>
  Object.hasOwn(CLIENT_MESSAGES, type);
