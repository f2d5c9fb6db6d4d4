import { z } from 'zod';

/** GET /api/health: the database answered; how many sync sockets this instance holds (a count only). */
export const healthAnswer = z.object({ ok: z.literal(true), sockets: z.number().int() });
