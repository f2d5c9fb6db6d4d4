import type { FastifyInstance } from 'fastify';

// Filled in by the REST issue (issue 4).
export default async function notificationsRoutes(_app: FastifyInstance) {}
