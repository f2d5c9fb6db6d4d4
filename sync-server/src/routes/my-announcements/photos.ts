import { formError, photoAnswer, photoParams } from '../../../../schema/api/my-announcements.ts';
import { ANNOUNCEMENT_MESSAGES } from '../../../../schema/rules/announcement.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf } from '../../plugins/auth.ts';
import { clientAddress, writeLimit } from '../../plugins/write-limits.ts';
import { httpError, refuse, unwrap } from '../../services/rest-http.ts';
import { readMultipartForm } from '../../services/uploads.ts';

/**
 * Announcement photos sent one by one as the seller picks them (issue 22), under the id the device made
 * for each: PUT stores it (201; a retry answers 200 with the same photo), GET says whether it arrived
 * (so a device that lost the answer, or the link, sends no byte twice). A publish names them in
 * `photoIds`. Registered inside the seller's scope (signed in).
 */
const photoUrl = '/api/users/my-announcements/photos/:photoId';
const getRoute = { params: photoParams, response: { 200: photoAnswer, '4xx': formError } };
const putRoute = { params: photoParams, response: { 200: photoAnswer, 201: photoAnswer, '4xx': formError } };
const NOT_HERE = 'Fotografia nu a fost găsită.';

export default async function photoRoutes(app: Api) {
  app.get(photoUrl, { schema: getRoute }, async (request) => {
    const photo = await app.photoUploads.own(callerOf(request), request.params.photoId);
    if (!photo) throw httpError(404, NOT_HERE, 'not_found');
    return photo;
  });

  const put = { config: writeLimit('photos'), schema: putRoute };
  app.put(photoUrl, put, async (request, reply) => {
    const userId = callerOf(request);
    const { photoId } = request.params;
    // A retry of a photo already stored: answered before a byte of the new copy is looked at.
    const stored = await app.photoUploads.own(userId, photoId);
    if (stored) return reply.code(200).send(stored);
    if (!request.isMultipart()) throw httpError(400, ANNOUNCEMENT_MESSAGES.imagesJpeg, 'validation');
    // The stored-bytes quotas (issue 40): a body that cannot fit is refused before it is read.
    const who = { userId, ip: clientAddress(request.ip) };
    const early = await app.uploadQuotas.precheck(who, 'photo', request.headers['content-length']);
    if (early) refuse(early);
    const form = await readMultipartForm(request, 'image');
    const file = form.files[0];
    if (!file) throw httpError(400, ANNOUNCEMENT_MESSAGES.imagesJpeg, 'validation');
    const outcome = unwrap(
      await app.uploadQuotas.withRoom(
        who,
        'photo',
        file.data.length,
        () => app.photoUploads.store(userId, photoId, file),
        (stored) => stored.ok && stored.status === 201,
      ),
    );
    const value = unwrap(outcome);
    return reply.code(outcome.status).send(value);
  });
}
