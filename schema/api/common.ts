import { z } from 'zod';

/**
 * REST transport shapes shared by every route folder. Route schemas (validation, the OpenAPI document,
 * the answers' serialization) and the handlers' request types are generated from these zod schemas.
 */

/** The one error shape of the REST API: a Romanian message, sometimes a code. */
export const apiError = z.object({ error: z.string(), code: z.string().optional() });

/** A plain confirmation ('Notificare ștearsă.'). */
export const apiMessage = z.object({ message: z.string() });

/** Route params: every named param a required string, bounded so no huge id reaches SQL. */
export function routeParams<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, z.string().max(200)])) as Record<K, z.ZodString>);
}
