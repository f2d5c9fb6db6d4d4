import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_SETTINGS_MESSAGES,
  notificationSettings,
} from '../../../../schema/rules/notification-settings.ts';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';

const settings = {
  type: 'object',
  properties: { messages: { type: 'boolean' }, reviews: { type: 'boolean' } },
  required: ['messages', 'reviews'],
} as const;
const error = {
  type: 'object',
  properties: { error: { type: 'string' }, code: { type: 'string' } },
  required: ['error'],
} as const;

/** 'Setează notificările': `{ messages, reviews }`, both on by default. */
export default async function notificationSettingsRoutes(app: FastifyInstance) {
  app.get(
    '/api/users/notification-settings',
    {
      schema: {
        tags: ['users'],
        summary: 'Setările notificărilor (mesaje noi, recenzii noi)',
        security: [{ bearer: [] }],
        response: { 200: settings, '4xx': error },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      return (await app.usersRepo.notificationSettings(userId)) ?? DEFAULT_NOTIFICATION_SETTINGS;
    },
  );

  // The body is not typed in the route schema: booleans must be real booleans (no "false" → false
  // coercion), which the shared zod rule checks with its Romanian message.
  app.put<{ Body: unknown }>(
    '/api/users/notification-settings',
    {
      config: writeLimit('account'),
      schema: {
        tags: ['users'],
        summary: 'Salvează setările notificărilor',
        security: [{ bearer: [] }],
        body: { description: '{ messages: boolean, reviews: boolean }' },
        response: { 200: settings, '4xx': error },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const parsed = notificationSettings.safeParse(request.body);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const msg = first && first.path.length > 0 ? first.message : NOTIFICATION_SETTINGS_MESSAGES.invalid;
        return reply.code(400).send({ error: msg });
      }
      await app.accounts.setNotificationSettings(userId, parsed.data);
      return parsed.data;
    },
  );
}
