import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formFromAnnouncement } from '../../../../schema/announcement-api.ts';
import { apiMessage } from '../../../../schema/api/common.ts';
import {
  activeBody,
  createAnnouncementBody,
  formError,
  ownAnnouncementAnswer,
  ownAnnouncementParams,
  updateAnnouncementBody,
} from '../../../../schema/api/my-announcements.ts';
import type { AnnouncementRow } from '../../../../schema/db/tables.ts';
import { announcementApi } from '../../../../schema/entities.ts';
import { DRAFT_FIELDS } from '../../../../schema/fields.ts';
import { resolvePlaceName } from '../../../../schema/place-names.ts';
import { normalizeAnnouncementInput } from '../../../../schema/rules/announcement.ts';
import { routeSchema, type Typed } from '../../lib/route-schema.ts';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { announcementsService, NOT_FOUND, type Outcome } from '../../services/announcements.ts';
import { readMultipartForm, type UploadedImage } from '../../services/uploads.ts';

/**
 * The seller's own announcements: publish, edit, delete, renew, (de)activate, list. Every mutating route
 * checks the caller first (401), then ownership together with existence (one 404 for both), then the
 * form (400 with the first message in `error` and every field's in `errors`).
 */

const params = ownAnnouncementParams;
const listRoute = { response: { 200: z.array(announcementApi), '4xx': formError } };
// The photos travel as repeated file parts named 'images' (read by readMultipartForm, never in the body).
const createRoute = { body: createAnnouncementBody, response: ownAnnouncementAnswer };
const updateRoute = { params, body: updateAnnouncementBody, response: ownAnnouncementAnswer };
const deleteRoute = { params, response: { 200: apiMessage, '4xx': formError } };
const renewRoute = { params, response: ownAnnouncementAnswer };
const activeRoute = { params, body: activeBody, response: ownAnnouncementAnswer };
type OwnRoute = Typed<{ params: typeof params }>;

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
    for (const name of [...DRAFT_FIELDS, 'id']) {
      const values = form.fields.get(name);
      if (values) body[name] = values[0];
    }
    keepValues = form.fields.get('existingImages');
  } else {
    const sent: unknown = request.body;
    body = sent && typeof sent === 'object' ? { ...sent } : {};
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
  const stored = formFromAnnouncement(row);
  const merged = { ...body };
  for (const f of DRAFT_FIELDS) if (merged[f] === undefined) merged[f] = stored[f];
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

  const list = { onRequest: callerFirst, schema: routeSchema(listRoute) };
  app.get('/api/users/my-announcements', list, async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    return service.mine(userId);
  });

  app.post<Typed<typeof createRoute>>(
    '/api/users/my-announcements',
    {
      onRequest: callerFirst,
      preValidation: collectForm,
      config: writeLimit('publish'),
      schema: routeSchema(createRoute),
    },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const body = request.body;
      const { files, tooManyFiles } = uploads.get(request)!;
      const outcome = await service.create(userId, normalizeAnnouncementInput(body), files, {
        clientId: body.id,
        tooManyFiles,
      });
      return send(reply, outcome);
    },
  );

  // Before a byte of the (up to 55 MB) form is read: only the owner of a live announcement gets further.
  const ownerFirst = async (request: FastifyRequest<OwnRoute>, reply: FastifyReply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    const { id } = request.params;
    const row = validId(id) ? await app.announcementsRepo.byId(id) : undefined;
    if (!row || row.deleted || row.ownerId !== userId) return notFound(reply);
  };

  app.put<Typed<typeof updateRoute>>(
    '/api/users/my-announcements/:id',
    {
      onRequest: ownerFirst,
      preValidation: collectForm,
      config: writeLimit('announcements'),
      schema: routeSchema(updateRoute),
    },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const { id } = request.params;
      if (!validId(id)) return notFound(reply);
      const body = request.body;
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

  app.delete<Typed<typeof deleteRoute>>(
    '/api/users/my-announcements/:id',
    { onRequest: callerFirst, config: writeLimit('announcements'), schema: routeSchema(deleteRoute) },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const { id } = request.params;
      if (!validId(id)) return notFound(reply);
      return send(reply, await service.remove(userId, id));
    },
  );

  app.post<Typed<typeof renewRoute>>(
    '/api/users/my-announcements/:id/renew',
    { onRequest: callerFirst, config: writeLimit('announcements'), schema: routeSchema(renewRoute) },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const { id } = request.params;
      if (!validId(id)) return notFound(reply);
      return send(reply, await service.renew(userId, id));
    },
  );

  app.put<Typed<typeof activeRoute>>(
    '/api/users/my-announcements/:id/active',
    {
      onRequest: callerFirst,
      config: writeLimit('announcements'),
      schema: routeSchema(activeRoute),
    },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const { id } = request.params;
      if (!validId(id)) return notFound(reply);
      const { active } = request.body;
      return send(reply, await service.setActive(userId, id, active));
    },
  );
}
