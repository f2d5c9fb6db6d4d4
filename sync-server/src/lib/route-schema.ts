import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import { jsonSchemaOf } from '../../../schema/json-schema.ts';

type Answer = z.ZodType | Record<string, unknown>;
type Parts = {
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** Per status: a zod schema of the answer, or a JSON schema where one carries more (headers). */
  response?: Record<string | number, Answer>;
};
type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request types a route's zod schemas give its handler: `app.post<Typed<typeof parts>>(…)`. */
export type Typed<P extends Parts> = {
  Body: Out<P['body']>;
  Params: Out<P['params']>;
  Querystring: Out<P['querystring']>;
};

const isZod = (s: Answer): s is z.ZodType => typeof (s as { safeParse?: unknown }).safeParse === 'function';

/**
 * A Fastify route schema generated from zod (schema/api/): what a client may send validates against the
 * zod input side, answers serialize through the output side (every declared field, nothing else), and
 * the OpenAPI document at /api/docs shows both.
 */
export function routeSchema(
  parts: Parts,
  doc: { tags?: string[]; summary?: string; description?: string } = {},
) {
  const schema: FastifySchema = { ...doc };
  if (parts.body) schema.body = jsonSchemaOf(parts.body, 'input');
  if (parts.params) schema.params = jsonSchemaOf(parts.params, 'input');
  if (parts.querystring) schema.querystring = jsonSchemaOf(parts.querystring, 'input');
  if (parts.response) {
    schema.response = Object.fromEntries(
      Object.entries(parts.response).map(([status, s]) => [status, isZod(s) ? jsonSchemaOf(s, 'output') : s]),
    );
  }
  return schema;
}
