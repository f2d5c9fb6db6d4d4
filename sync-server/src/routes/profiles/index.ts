import type { FastifyRequest } from 'fastify';
import { apiError } from '../../../../schema/api/common.ts';
import {
  avatarAnswer,
  avatarDeleteBody,
  avatarDeleted,
  profileBody,
  profileParams,
  profileSaved,
  publicProfileAnswer,
} from '../../../../schema/api/profiles.ts';
import { LIMITS } from '../../../../schema/constants.ts';
import {
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationSettings,
  notificationSettingsChange,
} from '../../../../schema/rules/notification-settings.ts';
import { normalizeProfileInput, PROFILE_MESSAGES } from '../../../../schema/rules/profile.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf, signedIn } from '../../plugins/auth.ts';
import { clientAddress, writeLimit } from '../../plugins/write-limits.ts';
import { HttpError, httpError, refuse, unwrap } from '../../services/rest-http.ts';
import { notificationSettingsOf } from '../users/notification-settings.ts';

const M = PROFILE_MESSAGES;
const err = { '4xx': apiError, '5xx': apiError };
const show = { params: profileParams, response: { 200: publicProfileAnswer, ...err } };
const save = { body: profileBody, response: { 200: profileSaved, ...err } };
const upload = { response: { 200: avatarAnswer, ...err } };
const remove = { body: avatarDeleteBody, response: { 200: avatarDeleted, ...err } };

/**
 * Runs a profile write; what it throws unexpectedly is logged and answered with the screen's own
 * Romanian message (a refusal of the service keeps its own status and text).
 */
async function orFail<T>(request: FastifyRequest, what: string, message: string, run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    request.log.error({ err }, `${what} failed`);
    throw httpError(500, message);
  }
}

export default async function profilesRoutes(app: Api) {
  const profiles = app.profiles;

  /** Public: anybody may read it. Only public fields; a deleted or unknown user is 'Profil indisponibil'. */
  app.get('/api/users/profile/:userId', { schema: show }, async (request) => {
    const profile = await orFail(request, 'public profile', M.loadFailed, () =>
      profiles.publicProfile(request.params.userId),
    );
    if (!profile) throw httpError(404, M.unavailable);
    return profile;
  });

  await app.register(signedIn(ownProfileRoutes));
}

/** The caller's own profile and avatar. */
async function ownProfileRoutes(app: Api) {
  const profiles = app.profiles;

  const saveProfile = { config: writeLimit('account'), schema: save };
  app.put('/api/users/profile', saveProfile, async (request) => {
    const userId = callerOf(request);
    return orFail(request, 'profile save', M.saveFailed, async () => {
      // A field the client leaves out keeps its stored value (the spec's client sends all four; another
      // may send only the one it changes): nothing is erased by omission.
      const body = request.body ?? {};
      const user = await app.usersRepo.byId(userId);
      const stored = user
        ? {
            firstName: user.firstName,
            lastName: user.lastName,
            localitate: user.localitate,
            phone: user.phone,
          }
        : {};
      const { notificationSettings: toggles, ...fields } = body;
      // Notification switches sent with the profile (issue 25) are stored as the settings route does.
      let change: Partial<NotificationSettings> | null = null;
      if (toggles !== undefined) {
        const parsed = notificationSettingsChange.safeParse(toggles);
        if (!parsed.success)
          throw httpError(400, parsed.error.issues[0]?.message ?? NOTIFICATION_SETTINGS_MESSAGES.invalid);
        change = parsed.data;
      }
      const sent = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const saved = unwrap(await profiles.update(userId, normalizeProfileInput({ ...stored, ...sent })));
      const settings = change
        ? await app.accounts.setNotificationSettings(userId, change)
        : await notificationSettingsOf(app, userId);
      return { ...saved, notificationSettings: settings, message: M.saved };
    });
  });

  const uploadRoute = { config: writeLimit('uploads'), schema: upload };
  app.post('/api/users/avatar', uploadRoute, async (request) => {
    const userId = callerOf(request);
    if (!request.isMultipart()) throw httpError(400, M.imageFailed);
    // The stored-bytes quotas (issue 40): a body that cannot fit is refused before it is read.
    const who = { userId, ip: clientAddress(request.ip) };
    const early = await app.uploadQuotas.precheck(who, 'other', request.headers['content-length']);
    if (early) refuse(early);
    let bytes: Buffer | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: LIMITS.imageMaxBytes, files: 1 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname === 'avatar') bytes = await part.toBuffer();
        else part.file.resume();
      }
    } catch (err) {
      if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw httpError(413, M.imageTooLarge);
      request.log.info({ err }, 'avatar upload refused');
      throw httpError(400, M.imageFailed);
    }
    const image = bytes;
    if (!image) throw httpError(400, M.imageFailed);
    return orFail(request, 'avatar upload', M.imageFailed, async () =>
      unwrap(
        unwrap(
          await app.uploadQuotas.withRoom(
            who,
            'other',
            image.length,
            () => profiles.setAvatar(userId, image),
            (r) => r.ok,
          ),
        ),
      ),
    );
  });

  app.delete(
    '/api/users/avatar',
    {
      config: writeLimit('account'),
      schema: remove,
      // A DELETE often comes without a body; answer the Romanian refusal, not a validation error.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const userId = callerOf(request);
      return orFail(request, 'avatar removal', M.imageFailed, async () =>
        unwrap(await profiles.removeAvatar(userId, request.body?.url ?? '')),
      );
    },
  );
}
