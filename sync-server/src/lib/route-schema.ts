import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { jsonSchemaOf } from '../../../schema/json-schema.ts';

/**
 * Routes declare their schemas in zod (schema/api/), as they are: `{ schema: { body, params, querystring,
 * response } }`. The handler's types come from them through fastify-type-provider-zod's `ZodTypeProvider`
 * (route plugins are `FastifyPluginAsyncZod`); nothing restates a request's shape by hand.
 *
 * Checking and answering stay Fastify's own: each zod schema is turned into its JSON schema when the route
 * is compiled — the input side for what a client sends, checked by Ajv (unknown body fields dropped rather
 * than trusted, strings coerced as the spec's clients send them, defaults filled); the output side for the
 * answers, written by fast-json-stringify (every declared field, nothing else). The OpenAPI document at
 * /api/docs shows the same JSON schemas (plugins/openapi.ts). A plain JSON schema (an answer that carries
 * headers, a multipart body's JSON alternative) passes through unchanged.
 */
export const AJV_OPTIONS = { removeAdditional: 'all', coerceTypes: true, useDefaults: true } as const;

export const isZod = (s: unknown): s is z.ZodType =>
  typeof s === 'object' && s !== null && typeof (s as { safeParse?: unknown }).safeParse === 'function';

/** The JSON schema Fastify works with for one part of a route: `input` for requests, `output` for answers. */
export const jsonOf = (schema: unknown, io: 'input' | 'output'): unknown =>
  isZod(schema) ? jsonSchemaOf(schema, io) : schema;

/** Every part of a route schema as JSON schemas (the OpenAPI document's view of a route). */
export function jsonRouteSchema(schema: FastifySchema): FastifySchema {
  const out: FastifySchema = { ...schema };
  for (const part of ['body', 'params', 'querystring', 'headers'] as const) {
    if (schema[part]) out[part] = jsonOf(schema[part], 'input');
  }
  if (schema.response && typeof schema.response === 'object') {
    out.response = Object.fromEntries(
      Object.entries(schema.response).map(([status, s]) => [status, jsonOf(s, 'output')]),
    );
  }
  return out;
}

/** Installs the compilers on the server (before any route is added). */
export function compileZodSchemas(app: FastifyInstance): void {
  const validator = AjvCompiler()({}, { customOptions: { ...AJV_OPTIONS } });
  const serializer = SerializerSelector()({}, {});
  app.setValidatorCompiler((route) =>
    validator({ ...route, schema: jsonOf(route.schema, 'input') as object }),
  );
  app.setSerializerCompiler((route) =>
    serializer({
      method: route.method,
      url: route.url,
      httpStatus: route.httpStatus ?? '200',
      schema: jsonOf(route.schema, 'output'),
    }),
  );
}

/** The server as route plugins see it: request and answer types inferred from the routes' zod schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The request a route with schema `S` hands its handler, for a handler written apart from its route. */
export type RequestOf<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;
