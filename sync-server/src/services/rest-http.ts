import type { FastifyReply } from 'fastify';
import { objectId } from '../../../schema/entities.ts';

/** The one error shape of the REST API: `{ error, code? }` with a Romanian message, never a stack. */
export function fail(reply: FastifyReply, status: number, error: string, code?: string): FastifyReply {
  return reply.code(status).send(code ? { error, code } : { error });
}

export const isObjectId = (id: string): boolean => objectId.safeParse(id).success;
