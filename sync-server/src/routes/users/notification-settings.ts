import { apiError } from '../../../../schema/api/common.ts';
import { notificationSettingsBody } from '../../../../schema/api/users.ts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_SETTINGS_MESSAGES,
  notificationSettings,
  notificationSettingsChange,
} from '../../../../schema/rules/notification-settings.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { httpError } from '../../services/rest-http.ts';

/** The caller's switches, the defaults when the row has none (GET here, and the own profile's answers). */
export async function notificationSettingsOf(app: Api, userId: string) {
  return (await app.usersRepo.notificationSettings(userId)) ?? DEFAULT_NOTIFICATION_SETTINGS;
}

const show = { response: { 200: notificationSettings, '4xx': apiError } };
const save = { body: notificationSettingsBody, response: { 200: notificationSettings, '4xx': apiError } };
const doc = (summary: string) => ({ tags: ['users'], summary, security: [{ bearer: [] }] });

/** 'Setează notificările': `{ messages, reviews, favorites }`, all on by default; a switch left out keeps its value. Signed in (users/index.ts). */
export default async function notificationSettingsRoutes(app: Api) {
  app.get(
    '/api/users/notification-settings',
    { schema: { ...show, ...doc('Setările notificărilor (mesaje noi, recenzii noi)') } },
    async (request) => notificationSettingsOf(app, callerOf(request)),
  );

  // The body is not typed for the validator (notificationSettingsBody): the shared rule checks it.
  app.put(
    '/api/users/notification-settings',
    { config: writeLimit('account'), schema: { ...save, ...doc('Salvează setările notificărilor') } },
    async (request) => {
      const parsed = notificationSettingsChange.safeParse(request.body);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const msg = first && first.path.length > 0 ? first.message : NOTIFICATION_SETTINGS_MESSAGES.invalid;
        throw httpError(400, msg);
      }
      return await app.accounts.setNotificationSettings(callerOf(request), parsed.data);
    },
  );
}
