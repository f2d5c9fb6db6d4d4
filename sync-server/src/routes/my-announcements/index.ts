import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnnouncementRow } from '../../../../schema/db/tables.ts';
import { resolvePlaceName } from '../../../../schema/place-names.ts';
import { normalizeAnnouncementInput } from '../../../../schema/rules/announcement.ts';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { announcementsService, NOT_FOUND, type Outcome } from '../../services/announcements.ts';
import { readMultipartForm, type UploadedImage } from '../../services/uploads.ts';

/**
 * The seller's own announcements: publish, edit, delete, renew, (de)activate, list. Every mutating route
 * checks the caller first (401), then ownership together with existence (one 404 for both), then the
 * form (400 with the first message in `error` and every field's in `errors`).
 */

// Declared fields only: anything else is dropped before the handler. Lengths are generous on purpose:
// the shared schema/ rules answer with the spec's Romanian messages.
const text = { type: 'string', maxLength: 64 * 1024 } as const;
const formFields = {
  title: text,
  category: {
    ...text,
    description:
      'Una dintre cele 14 categorii: numele, slug-ul, numele fără diacritice („Prajituri, Bacanie, Gatit”) sau un nume scurt („Prăjituri”, „Curatenie”); se salvează numele canonic.',
  },
  description: text,
  location: {
    ...text,
    description:
      'Județul, „Toată țara”, o localitate („Pitești” → Argeș, Pitești) sau „Localitate, Județ”, fără diacritice dacă vrei. Un nume de comună aflat în mai multe județe: 400 cu județele (un oraș are întâietate).',
  },
  localitate: {
    ...text,
    description: 'Localitatea din județ (opțional). La PUT, un câmp netrimis își păstrează valoarea.',
  },
  contactPerson: text,
  contactEmail: text,
  contactPhone: text,
  price: text,
} as const;
// The photos travel as repeated file parts named 'images' (read by readMultipartForm, never in the body).
const createBody = {
  type: 'object',
  properties: {
    ...formFields,
    /** Made by the device before its first attempt (pwa/src/db/publish-queue.ts): every retry is idempotent. */
    id: { type: 'string', pattern: '^[0-9a-f]{24}$' },
  },
} as const;
const updateBody = {
  type: 'object',
  properties: {
    ...formFields,
    /** Current image paths to keep, in order; absent means keep them all. */
    existingImages: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 2048 } },
  },
} as const;
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64 } },
  required: ['id'],
} as const;
const activeBody = {
  type: 'object',
  properties: { active: { type: 'boolean' } },
  required: ['active'],
} as const;

const FORM_FIELDS = Object.keys(formFields) as (keyof typeof formFields)[];
const INVALID = 'Datele trimise nu sunt valide.';

type FormState = { files: UploadedImage[]; tooManyFiles: boolean };
const uploads = new WeakMap<FastifyRequest, FormState>();

/** existingImages as a repeated field, a JSON array string, or both; '' alone means "keep none". */
function parseKeepList(values: unknown[]): string[] | null {
  const out: string[] = [];
  for (const v of values) {
    if (typeof v !== 'string') return null;
    const value = v.trim();
    if (value === '') continue;
    if (!value.startsWith('[')) {
      out.push(value);
      continue;
    }
    try {
      const list: unknown = JSON.parse(value);
      if (!Array.isArray(list) || !list.every((p) => typeof p === 'string')) return null;
      out.push(...list);
    } catch {
      return null;
    }
  }
  return out;
}

async function callerFirst(request: FastifyRequest, reply: FastifyReply) {
  if (!requireUser(request, reply)) return reply;
}

/**
 * Turns a multipart form into a plain body before schema validation (so the route schema strips unknown
 * fields as everywhere else) and keeps its photos aside. A JSON body (no photos) is accepted too.
 */
async function collectForm(request: FastifyRequest, reply: FastifyReply) {
  const state: FormState = { files: [], tooManyFiles: false };
  uploads.set(request, state);
  let body: Record<string, unknown>;
  let keepValues: unknown[] | undefined;
  if (request.isMultipart()) {
    const form = await readMultipartForm(request, 'images');
    state.files = form.files;
    state.tooManyFiles = form.tooManyFiles;
    body = {};
    for (const name of [...FORM_FIELDS, 'id']) {
      const values = form.fields.get(name);
      if (values) body[name] = values[0];
    }
    keepValues = form.fields.get('existingImages');
  } else {
    body = { ...((request.body as Record<string, unknown> | null | undefined) ?? {}) };
    const raw = body.existingImages;
    keepValues = raw === undefined ? undefined : Array.isArray(raw) ? raw : [raw];
  }
  delete body.existingImages;
  if (keepValues !== undefined) {
    const keep = parseKeepList(keepValues);
    if (!keep) return reply.code(400).send({ error: INVALID, code: 'validation' });
    body.existingImages = keep;
  }
  request.body = body;
}

/**
 * An edit changes what the client sent and nothing else (issue 12 item 18): a field left out keeps the
 * stored value (the spec's client sends no `localitate`, and may leave out the price). A `localitate`
 * left out stays while the county does; a new county without a locality has none (the old one is not in
 * it), unless `location` itself names a locality ('Pitești').
 */
function withStoredFields(body: Record<string, unknown>, row: AnnouncementRow): Record<string, unknown> {
  const stored: Record<(typeof FORM_FIELDS)[number], string> = {
    title: row.title,
    category: row.category,
    description: row.description,
    location: row.location,
    localitate: row.localitate,
    contactPerson: row.contactPerson,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    price: row.price === null ? '' : String(row.price),
  };
  const merged = { ...body };
  for (const f of FORM_FIELDS) if (merged[f] === undefined) merged[f] = stored[f];
  if (body.localitate === undefined && typeof body.location === 'string') {
    const place = resolvePlaceName(body.location);
    const sameCounty = place.kind === 'place' && place.localitate === '' && place.county === row.location;
    merged.localitate = sameCounty ? row.localitate : '';
  }
  return merged;
}

function send<T>(reply: FastifyReply, outcome: Outcome<T>) {
  if (!outcome.ok) {
    const { error, errors } = outcome;
    return reply.code(outcome.status).send(errors ? { error, errors } : { error });
  }
  return reply.code(outcome.status).send(outcome.value);
}

const validId = (id: string) => /^[0-9a-f]{24}$/.test(id);

export default async function myAnnouncementsRoutes(app: FastifyInstance) {
  const service = announcementsService({
    uow: app.uow,
    repo: app.announcementsRepo,
    storage: app.storage,
  });
  const notFound = (reply: FastifyReply) => send(reply, { ok: false, status: 404, error: NOT_FOUND });

  app.get('/api/users/my-announcements', { onRequest: callerFirst }, async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    return service.mine(userId);
  });

  app.post(
    '/api/users/my-announcements',
    {
      onRequest: callerFirst,
      preValidation: collectForm,
      config: writeLimit('publish'),
      schema: { body: createBody },
    },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const body = request.body as Record<string, unknown> & { id?: string };
      const { files, tooManyFiles } = uploads.get(request)!;
      const outcome = await service.create(userId, normalizeAnnouncementInput(body), files, {
        clientId: body.id,
        tooManyFiles,
      });
      return send(reply, outcome);
    },
  );

  // Before a byte of the (up to 55 MB) form is read: only the owner of a live announcement gets further.
  const ownerFirst = async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    const { id } = request.params as { id: string };
    const row = validId(id) ? await app.announcementsRepo.byId(id) : undefined;
    if (!row || row.deleted || row.ownerId !== userId) return notFound(reply);
  };

  app.put(
    '/api/users/my-announcements/:id',
    {
      onRequest: ownerFirst,
      preValidation: collectForm,
      config: writeLimit('announcements'),
      schema: { params: idParams, body: updateBody },
    },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const { id } = request.params as { id: string };
      if (!validId(id)) return notFound(reply);
      const body = request.body as Record<string, unknown> & { existingImages?: string[] };
      const row = await app.announcementsRepo.byId(id);
      if (!row || row.deleted || row.ownerId !== userId) return notFound(reply);
      const { files, tooManyFiles } = uploads.get(request)!;
      const outcome = await service.update(
        userId,
        id,
        normalizeAnnouncementInput(withStoredFields(body, row)),
        body.existingImages,
        files,
        { tooManyFiles },
      );
      return send(reply, outcome);
    },
  );

  app.delete(
    '/api/users/my-announcements/:id',
    { onRequest: callerFirst, config: writeLimit('announcements'), schema: { params: idParams } },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const { id } = request.params as { id: string };
      if (!validId(id)) return notFound(reply);
      return send(reply, await service.remove(userId, id));
    },
  );

  app.post(
    '/api/users/my-announcements/:id/renew',
    { onRequest: callerFirst, config: writeLimit('announcements'), schema: { params: idParams } },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const { id } = request.params as { id: string };
      if (!validId(id)) return notFound(reply);
      return send(reply, await service.renew(userId, id));
    },
  );

  app.put(
    '/api/users/my-announcements/:id/active',
    {
      onRequest: callerFirst,
      config: writeLimit('announcements'),
      schema: { params: idParams, body: activeBody },
    },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const { id } = request.params as { id: string };
      if (!validId(id)) return notFound(reply);
      const { active } = request.body as { active: boolean };
      return send(reply, await service.setActive(userId, id, active));
    },
  );
}
