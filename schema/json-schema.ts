import { z } from 'zod';

/** A JSON schema node, as far as our documents and REST shapes need one. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  pattern?: string;
  [key: string]: unknown;
};

/**
 * A `T | null` written the way Fastify's validator (with coerceTypes) and RxDB read it: `type: [T, 'null']`
 * rather than zod's `anyOf` (in an anyOf, coercion would turn a null into '' through the first branch).
 */
function collapseNullable(node: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([k, v]) => [k, collapseNullable(v)]),
    );
  }
  if (out.items) out.items = collapseNullable(out.items);
  const branches = out.anyOf;
  if (branches?.length === 2) {
    const other = branches.find((b) => b.type !== 'null');
    if (other && typeof other.type === 'string' && branches.some((b) => b.type === 'null')) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...collapseNullable(other), type: [other.type, 'null'] };
    }
  }
  if (branches) out.anyOf = branches.map(collapseNullable);
  return out;
}

/**
 * The JSON schema of a zod schema (`input`: what a client may send; `output`: what is answered), without
 * the `$schema` header, nullable fields as `type: [T, 'null']`.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const { $schema: _header, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return collapseNullable(json);
}
