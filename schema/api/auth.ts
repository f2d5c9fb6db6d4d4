import { z } from 'zod';

/** Social sign-in routes (/auth/…, /api/auth/…). Sign-in answers are `loginAnswer` (users.ts). */
export const providersAnswer = z.object({ google: z.boolean(), facebookAppId: z.string().nullable() });
/**
 * `handoff=fragment` (what the app asks for): the session token comes back in /oauth-success's fragment,
 * which no server, log or Referer ever sees. Without it, the spec's `/oauth-success?token=…`.
 */
export const googleStartQuery = z.object({ handoff: z.string().max(20).optional() });
export const googleCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});
// Loose on purpose: a missing or blank token gets the Romanian message from the handler.
export const facebookTokenBody = z.object({ access_token: z.string().max(4096).optional() });
/** The server's answer to a browser it sends elsewhere (no body). */
export const redirectAnswer = {
  description: 'Redirecționare (Location); fără conținut.',
  type: 'null',
} as const;
