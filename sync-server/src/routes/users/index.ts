import type { FastifyInstance } from 'fastify';
import type { AuthCheck } from '../../../../schema/entities.ts';
import { normalizeLogin, normalizeRegistration } from '../../../../schema/rules/account.ts';
import { requireUser } from '../../plugins/auth.ts';
import { toOwnProfile } from '../../repositories/users.ts';

// Declared fields only: anything else a client sends is dropped before the handler sees it. Types are
// loose on purpose: the shared schema/ rules answer with the spec's Romanian messages.
const text = { type: 'string', maxLength: 1000 } as const;
const registerBody = {
  type: 'object',
  properties: { firstName: text, lastName: text, email: text, password: text, phone: text },
} as const;
const loginBody = { type: 'object', properties: { email: text, password: text } } as const;

export default async function userRoutes(app: FastifyInstance) {
  app.post('/api/users/register', { schema: { body: registerBody } }, async (request, reply) => {
    const result = await app.accounts.register(
      normalizeRegistration(request.body as Record<string, unknown>),
    );
    if (!result.ok) return reply.code(result.status).send({ error: result.error });
    return reply
      .code(201)
      .send({ message: 'Cont creat cu succes! Te poți autentifica.', userId: result.value.userId });
  });

  app.post('/api/users/login', { schema: { body: loginBody } }, async (request, reply) => {
    const result = await app.accounts.login(normalizeLogin(request.body as Record<string, unknown>));
    if (!result.ok) return reply.code(result.status).send({ error: result.error });
    return result.value;
  });

  app.get('/api/users/auth/check', async (request): Promise<AuthCheck> => {
    if (!request.userId) return { isAuthenticated: false, avatar: null, googleAvatar: null };
    const user = app.usersRepo.byId(request.userId);
    return { isAuthenticated: !!user, avatar: user?.avatar ?? null, googleAvatar: null };
  });

  app.get('/api/users/profile', async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    const user = app.usersRepo.byId(userId);
    if (!user) return reply.code(404).send({ error: 'Utilizatorul nu a fost găsit.' });
    return toOwnProfile(user);
  });
}
