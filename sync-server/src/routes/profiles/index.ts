import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../../../schema/constants.ts';
import { normalizeProfileInput, PROFILE_MESSAGES } from '../../../../schema/rules/profile.ts';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { messagingRepository } from '../../repositories/messaging.ts';
import { reviewsRepository } from '../../repositories/reviews.ts';
import { profilesService } from '../../services/profiles.ts';
import { reviewsService } from '../../services/reviews.ts';

const M = PROFILE_MESSAGES;
// Declared fields only (email, avatar, ids… sent here are dropped). Loose lengths: the shared rule answers
// with the Romanian message.
const text = { type: 'string', maxLength: 1000 } as const;
const profileBody = {
  type: 'object',
  properties: { firstName: text, lastName: text, localitate: text, phone: text },
} as const;
const avatarDeleteBody = {
  type: 'object',
  properties: { url: { type: 'string', maxLength: 2000 } },
} as const;
const userParams = {
  type: 'object',
  required: ['userId'],
  properties: { userId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export default async function profilesRoutes(app: FastifyInstance) {
  const profiles = profilesService({
    uow: app.uow,
    users: app.usersRepo,
    reviews: reviewsService({
      uow: app.uow,
      reviews: reviewsRepository(app.db),
      notifications: messagingRepository(app.db),
      users: app.usersRepo,
      announcements: app.announcementsRepo,
    }),
    storage: app.storage,
    onCleanupError: (err) => app.log.warn({ err }, 'old avatar file not removed'),
  });

  /** Public: anybody may read it. Only public fields; a deleted or unknown user is 'Profil indisponibil'. */
  app.get<{ Params: { userId: string } }>(
    '/api/users/profile/:userId',
    { schema: { params: userParams } },
    async (request, reply) => {
      try {
        const profile = await profiles.publicProfile(request.params.userId);
        if (!profile) return reply.code(404).send({ error: M.unavailable });
        return profile;
      } catch (err) {
        request.log.error({ err }, 'public profile failed');
        return reply.code(500).send({ error: M.loadFailed });
      }
    },
  );

  const saveProfile = { config: writeLimit('account'), schema: { body: profileBody } };
  app.put('/api/users/profile', saveProfile, async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    try {
      // A field the client leaves out keeps its stored value (the spec's client sends all four; another
      // may send only the one it changes): nothing is erased by omission.
      const body = (request.body ?? {}) as Record<string, unknown>;
      const user = await app.usersRepo.byId(userId);
      const stored = user
        ? {
            firstName: user.firstName,
            lastName: user.lastName,
            localitate: user.localitate,
            phone: user.phone,
          }
        : {};
      const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      const result = await profiles.update(userId, normalizeProfileInput({ ...stored, ...sent }));
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      return { ...result.value, message: M.saved };
    } catch (err) {
      request.log.error({ err }, 'profile save failed');
      return reply.code(500).send({ error: M.saveFailed });
    }
  });

  app.post('/api/users/avatar', { config: writeLimit('uploads') }, async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    if (!request.isMultipart()) return reply.code(400).send({ error: M.imageFailed });
    let bytes: Buffer | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: LIMITS.imageMaxBytes, files: 1 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname === 'avatar') bytes = await part.toBuffer();
        else part.file.resume();
      }
    } catch (err) {
      if (err instanceof app.multipartErrors.RequestFileTooLargeError)
        return reply.code(413).send({ error: M.imageTooLarge });
      request.log.info({ err }, 'avatar upload refused');
      return reply.code(400).send({ error: M.imageFailed });
    }
    if (!bytes) return reply.code(400).send({ error: M.imageFailed });
    try {
      const result = await profiles.setAvatar(userId, bytes);
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      return result.value;
    } catch (err) {
      request.log.error({ err }, 'avatar upload failed');
      return reply.code(500).send({ error: M.imageFailed });
    }
  });

  app.delete<{ Body: { url?: string } }>(
    '/api/users/avatar',
    {
      config: writeLimit('account'),
      schema: { body: avatarDeleteBody },
      // A DELETE often comes without a body; answer the Romanian refusal, not a validation error.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      try {
        const result = await profiles.removeAvatar(userId, request.body?.url ?? '');
        if (!result.ok) return reply.code(result.status).send({ error: result.error });
        return result.value;
      } catch (err) {
        request.log.error({ err }, 'avatar removal failed');
        return reply.code(500).send({ error: M.imageFailed });
      }
    },
  );
}
