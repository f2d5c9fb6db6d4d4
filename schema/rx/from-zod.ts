import type { RxJsonSchema } from 'rxdb';
import type { z } from 'zod';
import { ID_PATTERN } from '../ids.ts';
import { type JsonSchema, jsonSchemaOf } from '../json-schema.ts';
import { COLLECTION_VERSIONS, type CollectionName } from '../sync.ts';

type JsonProp = JsonSchema;

/** An id (the shared layout) is indexable: RxDB wants a maxLength on every indexed or primary string. */
const ID_MAX_LENGTH = 24;

/**
 * The type skeleton RxDB stores for one zod property: types, nesting and nullability come from the
 * entity; value rules (lengths, patterns, ranges) stay with zod, where the server and the form apply
 * them. An id gets its maxLength (ids are keys and indexes).
 */
function skeleton(p: JsonProp): JsonProp {
  const [type, nullable] = Array.isArray(p.type) ? [p.type[0], true] : [p.type, false];
  const withNull = (node: JsonProp): JsonProp =>
    nullable ? { ...node, type: [type as string, 'null'] } : node;
  if (type === 'array') return withNull({ type, items: skeleton(p.items ?? {}) });
  if (type === 'object') {
    const properties = Object.fromEntries(
      Object.entries(p.properties ?? {}).map(([k, v]) => [k, skeleton(v)]),
    );
    return withNull({ type, properties, required: p.required ?? [] });
  }
  if (type === 'string' && p.pattern === ID_PATTERN.source)
    return withNull({ type, maxLength: ID_MAX_LENGTH });
  return withNull({ type });
}

/** What a collection adds to its entity: indexes, and per field the RxDB-only limits (or a rewrite). */
export type RxSpec = {
  title: CollectionName;
  indexes?: (string | string[])[];
  fields?: Record<string, JsonProp | ((derived: JsonProp) => JsonProp)>;
};

/**
 * The RxDB schema of a replicated collection, read off its zod entity: every field, required, keyed by
 * `id`, at the protocol's version. Installed devices keep a hash of this JSON: a test pins each
 * collection's hash, so a change here without a version bump (and a migration) cannot pass unnoticed.
 */
export function rxSchemaOf<E extends z.ZodObject>(entity: E, spec: RxSpec): RxJsonSchema<z.infer<E>> {
  const json = jsonSchemaOf(entity);
  const properties: Record<string, JsonProp> = {};
  for (const [key, prop] of Object.entries(json.properties ?? {})) {
    const derived = skeleton(prop);
    const extra = spec.fields?.[key];
    properties[key] = typeof extra === 'function' ? extra(derived) : { ...derived, ...extra };
  }
  const schema = {
    title: spec.title,
    version: COLLECTION_VERSIONS[spec.title],
    primaryKey: 'id',
    type: 'object',
    properties,
    required: Object.keys(entity.shape),
    ...(spec.indexes ? { indexes: spec.indexes } : {}),
  };
  // The one cast: the JSON is built field by field from the entity, so it fits its inferred type.
  return schema as unknown as RxJsonSchema<z.infer<E>>;
}
