import { z } from 'zod';
import { apiError, apiMessage } from '../../../../schema/api/common.ts';
import { pushKeyAnswer, pushSubscriptionBody } from '../../../../schema/api/push.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf, sessionOf, signedIn } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { hashToken } from '../../repositories/sessions.ts';
import { MESSAGE_MAIL_TEXTS, UNSUBSCRIBE_PATH } from '../../services/message-mail.ts';
import { PUSH_MESSAGES } from '../../services/push.ts';
import { httpError, unwrap } from '../../services/rest-http.ts';

/**
 * Web Push (issue 23): the server's public key for `pushManager.subscribe`, and this device's
 * subscription (kept with the session it was made in: it ends with that session).
 */
const keyRoute = { response: { 200: pushKeyAnswer } };
const subscribeRoute = { body: pushSubscriptionBody, response: { 201: apiMessage, '4xx': apiError } };
const unsubscribeRoute = { response: { 200: apiMessage, '4xx': apiError } };

const signedInRoutes = signedIn(async (app: Api) => {
  app.post(
    '/api/push/subscriptions',
    { config: writeLimit('account'), schema: subscribeRoute },
    async (request, reply) => {
      const outcome = await app.push.subscribe(
        callerOf(request),
        hashToken(sessionOf(request)),
        request.body,
      );
      unwrap(outcome);
      return reply.code(201).send({ message: 'Notificările sunt pornite pe acest dispozitiv.' });
    },
  );
  app.delete(
    '/api/push/subscriptions',
    { config: writeLimit('account'), schema: unsubscribeRoute },
    async (request) => {
      await app.push.unsubscribe(callerOf(request), hashToken(sessionOf(request)));
      return { message: PUSH_MESSAGES.unsubscribed };
    },
  );
});

const unsubscribeQuery = z.object({
  u: z.string().max(64),
  t: z.string().max(100),
  /** The link's expiry (seconds); absent on links mailed before links expired (issue 40, L8). */
  e: z.string().max(16).optional(),
});
/** A small page of the unsubscribe link (what a person following it sees). */
const unsubscribePage = (body: string) =>
  `<!doctype html><html lang="ro"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>Dezabonare · Hobbiz</title>${body}</html>`;
const mailUnsubscribeRoute = {
  querystring: unsubscribeQuery,
  response: { 200: apiMessage, '4xx': apiError },
};

export default async function pushRoutes(app: Api) {
  // What a mail client's one-click sends ('List-Unsubscribe=One-Click') and the page's form: nothing is
  // read from the body, the link's query says who.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );
  // The e-mail fallback's unsubscribe: POST is the one-click of RFC 8058 (mail clients send it); GET, a
  // person following the link, gets a page with the button (a GET never changes anything: link scanners).
  app.post(
    UNSUBSCRIBE_PATH,
    { config: writeLimit('account'), schema: mailUnsubscribeRoute },
    async (request) => {
      const { u, t, e } = request.query;
      const link = await app.messageMail.unsubscribe(u, e, t);
      // 410: the link was ours but its time is over; nothing changed (Setări still does it).
      if (link === 'expired') throw httpError(410, MESSAGE_MAIL_TEXTS.expired, 'expired');
      if (link !== 'valid') throw httpError(400, MESSAGE_MAIL_TEXTS.invalid, 'validation');
      return { message: MESSAGE_MAIL_TEXTS.unsubscribed };
    },
  );
  app.get<{ Querystring: { u?: string; t?: string; e?: string } }>(
    UNSUBSCRIBE_PATH,
    async (request, reply) => {
      const u = String(request.query.u ?? '').slice(0, 64);
      const t = String(request.query.t ?? '').slice(0, 100);
      const e = request.query.e === undefined ? undefined : String(request.query.e).slice(0, 16);
      reply.type('text/html; charset=utf-8');
      // Checking changes nothing (a GET never does: link scanners); an expired link points to Setări.
      const link = await app.messageMail.check(u, e, t);
      if (link === 'expired')
        return reply
          .code(410)
          .send(
            unsubscribePage(
              `<h1>Linkul a expirat</h1><p>${escapeHtml(MESSAGE_MAIL_TEXTS.expired)}</p>` +
                `<p><a href="/setari-cont">Setează notificările</a></p>`,
            ),
          );
      if (link !== 'valid')
        return reply
          .code(400)
          .send(unsubscribePage(`<h1>Link nevalid</h1><p>${escapeHtml(MESSAGE_MAIL_TEXTS.invalid)}</p>`));
      const action = `${UNSUBSCRIBE_PATH}?u=${encodeURIComponent(u)}&e=${encodeURIComponent(e ?? '')}&t=${encodeURIComponent(t)}`;
      return reply.send(
        unsubscribePage(
          `<h1>Oprești e-mailurile despre mesaje?</h1>` +
            `<p>Nu îți vom mai trimite notificări despre mesajele noi. Le poți porni din nou în Setări → Notificări.</p>` +
            `<form method="post" action="${escapeHtml(action)}"><button type="submit">Oprește e-mailurile</button></form>`,
        ),
      );
    },
  );

  app.get('/api/push/key', { schema: keyRoute }, async () => ({
    publicKey: (await app.push.vapidKeys()).publicKey,
  }));
  await app.register(signedInRoutes);
}
