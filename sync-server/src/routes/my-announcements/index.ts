import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
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
import { isObjectId } from '../../../../schema/ids.ts';
import { resolvePlaceName } from '../../../../schema/place-names.ts';
import { normalizeAnnouncementInput } from '../../../../schema/rules/announcement.ts';
import type { Api, RequestOf } from '../../lib/route-schema.ts';
import { callerOf, signedIn } from '../../plugins/auth.ts';
import { clientAddress, giveWriteBack, writeLimit } from '../../plugins/write-limits.ts';
import { NOT_FOUND } from '../../services/announcements.ts';
import { httpError, unwrap } from '../../services/rest-http.ts';
import type { Outcome } from '../../services/result.ts';
import { readMultipartForm, type UploadedImage } from '../../services/uploads.ts';
import photoRoutes from './photos.ts';

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
type OwnRequest = RequestOf<{ params: typeof params }>;

const INVALID = 'Datele trimise nu sunt valide.';

type FormState = { files: UploadedImage[]; tooManyFiles: boolean };
const uploads = new WeakMap<FastifyRequest, FormState>();

/** existingImages / photoIds as a repeated field, a JSON array string, or both; '' alone means "none". */
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

/**
 * Turns a multipart form into a plain body before schema validation (so the route schema strips unknown
 * fields as everywhere else) and keeps its photos aside. A JSON body (no photos) is accepted too.
 */
async function collectForm(request: FastifyRequest) {
  const state: FormState = { files: [], tooManyFiles: false };
  uploads.set(request, state);
  let body: Record<string, unknown>;
  let keepValues: unknown[] | undefined;
  let photoValues: unknown[] | undefined;
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
    photoValues = form.fields.get('photoIds');
  } else {
    const sent: unknown = request.body;
    body = sent && typeof sent === 'object' ? { ...sent } : {};
    const listOf = (raw: unknown) => (raw === undefined ? undefined : Array.isArray(raw) ? raw : [raw]);
    keepValues = listOf(body.existingImages);
    photoValues = listOf(body.photoIds);
  }
  delete body.existingImages;
  delete body.photoIds;
  for (const [name, values] of [
    ['existingImages', keepValues],
    ['photoIds', photoValues],
  ] as const) {
    if (values === undefined) continue;
    const list = parseKeepList(values);
    if (!list) throw httpError(400, INVALID, 'validation');
    body[name] = list;
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

/** A service outcome as the answer: its own status (201 for a publication), or its refusal thrown. */
function send<T>(reply: FastifyReply, outcome: Outcome<T>) {
  const value = unwrap(outcome);
  return reply.code(outcome.status).send(value);
}

const notFound = () => httpError(404, NOT_FOUND);

/** Every route here acts for the signed-in seller (guest → 401 from the scope's one hook). */
export default signedIn(async function myAnnouncementsRoutes(app: Api) {
  const service = app.announcements;

  /** The caller's live announcement; unknown, deleted and somebody else's are the same 404. */
  const ownLive = async (userId: string, id: string) => {
    const row = isObjectId(id) ? await app.announcementsRepo.byId(id) : undefined;
    if (!row || row.deleted || row.ownerId !== userId) throw notFound();
    return row;
  };

  /**
   * Runs a publish or edit holding the form's photo bytes in the stored-bytes quotas (issue 40); a form
   * without files is not counted. Bytes go back when nothing was stored (a refusal, a replay).
   */
  const withPhotoRoom = async <T>(
    request: FastifyRequest,
    files: UploadedImage[],
    run: () => Promise<Outcome<T>>,
    stored: (o: Outcome<T>) => boolean,
  ): Promise<Outcome<T>> => {
    const bytes = files.reduce((n, f) => n + f.data.length, 0);
    if (bytes === 0) return run();
    const who = { userId: callerOf(request), ip: clientAddress(request.ip) };
    return unwrap(await app.uploadQuotas.withRoom(who, 'other', bytes, run, stored));
  };

  app.get('/api/users/my-announcements', { schema: listRoute }, async (request) =>
    service.mine(callerOf(request)),
  );

  const publish = {
    preValidation: collectForm,
    config: writeLimit('publish'),
    schema: createRoute,
  };
  await app.register(photoRoutes);

  app.post('/api/users/my-announcements', publish, async (request, reply) => {
    const body = request.body;
    const { files, tooManyFiles } = uploads.get(request)!;
    const outcome = await withPhotoRoom(
      request,
      files,
      () =>
        service.create(callerOf(request), normalizeAnnouncementInput(body), files, {
          clientId: body.id,
          tooManyFiles,
          photoIds: body.photoIds,
        }),
      (o) => o.ok && o.status === 201,
    );
    // A replay, or a form refused before any photo was decoded, does not count as a publish (issue 25).
    if (outcome.ok ? outcome.status === 200 : outcome.status === 400 && !outcome.errors?.images)
      giveWriteBack(request);
    return send(reply, outcome);
  });

  // Before a byte of the (up to 55 MB) form is read: only the owner of a live announcement gets further.
  const ownerFirst = async (request: OwnRequest) => {
    await ownLive(callerOf(request), request.params.id);
  };
  const edit = {
    onRequest: ownerFirst,
    preValidation: collectForm,
    config: writeLimit('announcements'),
    schema: updateRoute,
  };
  app.put('/api/users/my-announcements/:id', edit, async (request, reply) => {
    const userId = callerOf(request);
    const { id } = request.params;
    const body = request.body;
    // Read again after the form: it may have been deleted meanwhile.
    const row = await ownLive(userId, id);
    const { files, tooManyFiles } = uploads.get(request)!;
    const input = normalizeAnnouncementInput(withStoredFields(body, row));
    const outcome = await withPhotoRoom(
      request,
      files,
      () => service.update(userId, id, input, body.existingImages, files, { tooManyFiles }),
      (o) => o.ok,
    );
    return send(reply, outcome);
  });

  /** A change of one announcement by id (the service checks ownership; an impossible id is its 404). */
  type Act = (userId: string, id: string) => Promise<Outcome<unknown>>;
  const change = async (request: OwnRequest, reply: FastifyReply, act: Act) => {
    const { id } = request.params;
    if (!isObjectId(id)) throw notFound();
    return send(reply, await act(callerOf(request), id));
  };
  const writes = <S extends FastifySchema>(schema: S) => ({ config: writeLimit('announcements'), schema });
  const url = '/api/users/my-announcements/:id';
  app.delete(url, writes(deleteRoute), (request, reply) =>
    change(request, reply, (userId, id) => service.remove(userId, id)),
  );
  app.post(`${url}/renew`, writes(renewRoute), (request, reply) =>
    change(request, reply, (userId, id) => service.renew(userId, id)),
  );
  app.put(`${url}/active`, writes(activeRoute), (request, reply) =>
    change(request, reply, (userId, id) => service.setActive(userId, id, request.body.active)),
  );
});
