import type { RxJsonSchema } from 'rxdb';
import type { HeldKind } from '../sync.ts';

/**
 * The device's working set (local only, never replicated): one row per held key, with the server `seq`
 * of the copy on the device (sent back on every connect, so a catch-up brings only what changed) and
 * when the person last saw it (least recently used keys are evicted past the budget).
 * `key` is `<kind>:<ref>`; `ref` is the announcement or profile id, or for reviews the person reviewed.
 */
export type HeldRow = { key: string; kind: HeldKind; ref: string; seq: number; usedAt: number };

export const heldRxSchema: RxJsonSchema<HeldRow> = {
  title: 'held',
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 100 },
    kind: { type: 'string', maxLength: 20 },
    ref: { type: 'string', maxLength: 64 },
    seq: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1 },
    usedAt: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1 },
  },
  required: ['key', 'kind', 'ref', 'seq', 'usedAt'],
  indexes: [['kind', 'usedAt']],
};

export const heldKey = (kind: HeldKind, ref: string): string => `${kind}:${ref}`;
