import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { SIGN_IN_LIMITS } from '../../schema/constants.ts';
import { ACCOUNT_MESSAGES } from '../../schema/rules/account.ts';
import { withoutNul } from '../../schema/rules/common.ts';
import { STANDING } from '../../schema/rules/standing.ts';
import type { Config } from './config.ts';
import { type FileStorage, LocalDirectoryStorage } from './lib/file-storage.ts';
import { closePgDatabase, openPgDatabase, pgUnitOfWork } from './lib/pg-backend.ts';
import { RedactingLogController, redactUrl } from './lib/redact-url.ts';
import { compileZodSchemas } from './lib/route-schema.ts';
import { S3Storage } from './lib/s3-storage.ts';
import { isUnstorableText } from './lib/sql.ts';
import type { UnitOfWork } from './lib/unit-of-work.ts';
import auth from './plugins/auth.ts';
import cors from './plugins/cors.ts';
import { closeDatabase, type Db, openDatabase, sqliteUnitOfWork } from './plugins/db.ts';
import openapi from './plugins/openapi.ts';
import security from './plugins/security.ts';
import staticFiles from './plugins/static.ts';
import writeLimits from './plugins/write-limits.ts';
import { LocalBus } from './replication/bus.ts';
import { RealtimeHub } from './replication/hub.ts';
import { PgBus } from './replication/pg-bus.ts';
import { SLOW_MS, syncSocketRoutes } from './replication/socket.ts';
import { socketErrorHandler } from './replication/socket-log.ts';
import announcementRoutes from './routes/announcements/index.ts';
import authRoutes from './routes/auth/index.ts';
import favoritesRoutes from './routes/favorites/index.ts';
import healthRoutes from './routes/health/index.ts';
import messagesRoutes from './routes/messages/index.ts';
import moderationRoutes from './routes/moderation/index.ts';
import myAnnouncementsRoutes from './routes/my-announcements/index.ts';
import notificationsRoutes from './routes/notifications/index.ts';
import profilesRoutes from './routes/profiles/index.ts';
import pushRoutes from './routes/push/index.ts';
import reviewsRoutes from './routes/reviews/index.ts';
import trustRoutes from './routes/trust/index.ts';
import userRoutes from './routes/users/index.ts';
import { PasswordBusyError } from './services/passwords.ts';
import { HttpError } from './services/rest-http.ts';
import { buildServices } from './wiring.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Every write goes through it (lib/unit-of-work.ts): transaction, seq, effects after commit. */
    uow: UnitOfWork;
    hub: RealtimeHub;
    /** Uploaded files (photos, avatars, chat attachments): UPLOADS_DIR or DATA_DIR/uploads. */
    storage: FileStorage;
  }
}

/** Query parameters that carry a secret never reach the log (lib/redact-url.ts). */
export { redactUrl };

/**
 * Issue 45: no plugin start timeout. Fastify's default (10 s per plugin) killed `npm start` on a busy
 * machine ('Plugin did not start in time: @fastify/swagger-ui' at a load of ~20 on 2 cores): a server must
 * start however slow the CPU or disk is. A start that really hangs is reported instead, every
 * SLOW_START_LOG_MS, by the hobbiz plugin below.
 */
export const PLUGIN_TIMEOUT_MS = 0;
/** How often a start still under way says so in the log (a healthy start takes a second or two). */
export const SLOW_START_LOG_MS = 15_000;

export const serverOptions = (config: Config): FastifyServerOptions => ({
  pluginTimeout: PLUGIN_TIMEOUT_MS,
  logger: {
    level: config.logLevel,
    // Fastify's request line without the secrets of a URL (issue 21, item 6: /oauth-success?token=…).
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  },
  logController: new RedactingLogController(),
  bodyLimit: 1024 * 1024,
  // Off unless TRUST_PROXY says which proxy to believe: X-Forwarded-For from anyone else is ignored.
  trustProxy: config.trustProxy,
});

/** The whole Hobbiz server as one plugin: tests register it on a bare Fastify and use inject(). */
export default fp(async function hobbiz(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  // No start timeout (PLUGIN_TIMEOUT_MS): a slow start is said in the log instead of killing the server.
  const startedAt = Date.now();
  const slowStart = setInterval(() => {
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    app.log.warn(
      { seconds },
      `still starting after ${seconds} s: a plugin is slow (busy CPU or disk?); waiting`,
    );
  }, SLOW_START_LOG_MS);
  slowStart.unref();
  app.addHook('onReady', async () => {
    clearInterval(slowStart);
    const ms = Date.now() - startedAt;
    if (ms >= SLOW_START_LOG_MS) app.log.warn({ ms }, `started, slowly: ${Math.round(ms / 1000)} s`);
  });
  app.addHook('onClose', async () => clearInterval(slowStart));
  // DATABASE_URL=postgres://… selects PostgreSQL (several instances may share it); unset, the SQLite file.
  const onPg = Boolean(config.databaseUrl);
  const db = config.databaseUrl
    ? await openPgDatabase(config.databaseUrl, {
        poolMax: config.pgPoolMax,
        onIdleError: (err) => app.log.warn({ err }, 'idle PostgreSQL connection failed'),
      })
    : openDatabase(config.dataDir === ':memory:' ? ':memory:' : join(config.dataDir, 'hobbiz.sqlite'));
  // Real time crosses instances through PostgreSQL when there is one (replication/pg-bus.ts); in one
  // process the bus is the process itself. Either way the hub is the unit of work's EffectSink.
  const bus = config.databaseUrl
    ? new PgBus({ connectionString: config.databaseUrl, log: app.log })
    : new LocalBus();
  const hub = new RealtimeHub(bus);
  await hub.start();
  // A real-time effect that fails after its write committed is logged, never turned into a failed request.
  const onEffectError = (err: unknown) => app.log.error({ err }, 'real-time effect failed');
  const uow = onPg ? pgUnitOfWork(db, hub, onEffectError) : sqliteUnitOfWork(db, hub, onEffectError);
  // Uploads in a bucket when S3_BUCKET is set (several instances, no shared directory), else a directory.
  const storage: FileStorage = config.s3
    ? new S3Storage(config.s3)
    : new LocalDirectoryStorage(config.uploadsDir ?? join(config.dataDir, 'uploads'));
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('uow', uow);
  app.decorate('hub', hub);
  app.decorate('storage', storage);
  const services = buildServices({ db, uow, hub, storage, config, log: app.log });
  for (const [name, value] of Object.entries(services)) app.decorate(name, value as unknown);
  await uow.write(() => app.sessionsRepo.purgeExpired());
  // Search (issue 20): rows written before the analysed columns get them (once), and the vocabulary of
  // spelling corrections follows the announcements' change feed, a bounded batch every few seconds.
  const backfilled = await app.searchVocab.backfillColumns(uow);
  if (backfilled > 0) app.log.info({ rows: backfilled }, 'search: analysed columns written');
  // Catching up runs in the background, one bounded batch at a time (a database made before the
  // vocabulary existed holds a whole catalogue to read); tests refresh it themselves (vocabRefreshMs 0).
  let closing = false;
  const refreshVocab = (batches: number) =>
    app.searchVocab.refresh(uow, batches).catch((err) => {
      app.log.warn({ err }, 'search vocabulary refresh failed');
      return true;
    });
  let vocabTimer: NodeJS.Timeout | undefined;
  if (config.vocabRefreshMs > 0) {
    void (async () => {
      while (!closing && !(await refreshVocab(1))) await new Promise((r) => setTimeout(r, 20));
      if (!closing) vocabTimer = setInterval(() => void refreshVocab(5), config.vocabRefreshMs).unref();
    })();
  }
  // Tombstones past the horizon go (see replication/purge.ts); checked at start and every hour (a chat
  // file never sent is kept 6 hours, issue 40: an hourly pass removes it within 7).
  // Chat files no live message uses (never sent, or their message deleted) go after their grace period,
  // announcement photos no publish claimed after theirs (services/photo-uploads.ts).
  const housekeeping = () => {
    app.housekeeping.purgeTombstones().catch((err) => app.log.warn({ err }, 'tombstone purge failed'));
    app.housekeeping.purgeChatUploads().catch((err) => app.log.warn({ err }, 'chat upload purge failed'));
    app.housekeeping.purgeThrottles().catch((err) => app.log.warn({ err }, 'throttle purge failed'));
    app.housekeeping.purgePhotoUploads().catch((err) => app.log.warn({ err }, 'photo upload purge failed'));
  };
  // The first pass is awaited: the app is ready with its tombstones purged (as before).
  await app.housekeeping.purgeTombstones();
  app.housekeeping.purgeChatUploads().catch((err) => app.log.warn({ err }, 'chat upload purge failed'));
  const purgeTimer = setInterval(housekeeping, 3_600_000).unref();

  // Queued pushes go from here (services/push-sender.ts): polled every second, nudged after each commit.
  // Unread messages of people with no push subscription are mailed about (services/message-mail.ts).
  let mailTimer: NodeJS.Timeout | undefined;
  if (config.pushSender) {
    app.pushSender.start();
    mailTimer = setInterval(() => {
      app.messageMail.run().catch((err) => app.log.warn({ err }, 'message mail pass failed'));
    }, 5 * 60_000).unref();
  }
  // Issue 40: waiting reviews whose authors have gained standing are shown (services/reviews.ts).
  const promoteTimer = setInterval(() => {
    app.reviews
      .promoteWaiting(config.now())
      .catch((err) => app.log.warn({ err }, 'waiting review promotion failed'));
  }, STANDING.promoteEveryMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(promoteTimer);
    clearInterval(mailTimer);
    await app.pushSender.stop();
    clearInterval(purgeTimer);
    if (storage instanceof S3Storage) storage.close();
    closing = true;
    clearInterval(vocabTimer);
    await app.searcher.close();
    app.counters.close();
    await app.hub.close();
    if (onPg) await closePgDatabase(db);
    else closeDatabase(db);
  });

  // Every request slower than SLOW_MS is logged with its route's shape (the pattern, not the URL: no ids,
  // no query text) and status, so the next slow path shows itself (issue 21).
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    if (ms > SLOW_MS)
      request.log.warn(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unknown',
          status: reply.statusCode,
          ms: Math.round(ms),
        },
        'slow request',
      );
  });

  // One error shape everywhere: { error, code? } in Romanian, details only in the log.
  app.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    // A route's refusal (services/rest-http.ts): its status, Romanian message, code and extra fields.
    if (err instanceof HttpError) {
      if (err.retryAfter !== undefined) reply.header('Retry-After', String(err.retryAfter));
      return reply.code(err.statusCode).send(err.body());
    }
    // Every password hash slot busy (services/passwords.ts): come back in a moment.
    if (err instanceof PasswordBusyError) {
      reply.header('Retry-After', String(SIGN_IN_LIMITS.busyRetryAfterS));
      return reply.code(503).send({ error: ACCOUNT_MESSAGES.serverBusy, code: 'busy' });
    }
    // PostgreSQL refuses text it cannot store (U+0000, SQLSTATE 22021) where SQLite stores it: such input
    // (an id in a path, a text field) is the caller's mistake, answered 400 like other malformed input.
    if (isUnstorableText(err)) return reply.code(400).send({ error: 'Cerere invalidă.' });
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err, url: redactUrl(request.url) }, 'request failed');
    if (err.validation)
      return reply.code(400).send({ error: 'Datele trimise nu sunt valide.', code: 'validation' });
    if (status === 413) return reply.code(413).send({ error: 'Cererea este prea mare.' });
    // A write limit (plugins/write-limits.ts): its Romanian message; Retry-After is already set.
    if (status === 429) return reply.code(429).send({ error: err.message, code: 'rate_limited' });
    if (status < 500) return reply.code(status).send({ error: 'Cerere invalidă.' });
    return reply.code(500).send({ error: 'A apărut o eroare pe server. Încearcă din nou.' });
  });

  // The spec's body-less POSTs (e.g. a favourite) may still say application/json: an empty body is {}.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, {});
    try {
      // U+0000 dropped from every string (schema/rules/common.ts): PostgreSQL cannot store it.
      done(null, JSON.parse(body as string, withoutNul));
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
    }
  });
  // Routes declare zod schemas; Fastify checks and answers with their JSON schemas (lib/route-schema.ts).
  compileZodSchemas(app);
  await app.register(security);
  // Other origins' clients (CORS_ORIGINS); a no-op by default. Before the routes, so preflights are answered.
  await app.register(cors);
  // Dynamic answers only (the PWA's files are compressed at build time, plugins/static.ts): brotli quality 2
  // costs a fifth of the default 4 on the event loop (a 24 kB search page: ~0.06 ms against ~0.3 ms) for
  // a few percent more bytes (docs/decisions.md).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 2,
      },
    },
  });
  // A client's bad frame is logged by the sync socket at warn, sampled (replication/socket-log.ts, L11).
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 }, errorHandler: socketErrorHandler });
  await app.register(auth);
  // After auth (the account is known in onRequest), before every route (it hooks the ones that opt in).
  await app.register(writeLimits);
  // Uploads: announcement photos (≤ 5 MB each, ≤ 10) and chat attachments (≤ 10 MB); routes check content.
  await app.register(multipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 30, fieldSize: 20_000 },
  });
  // Before the routes: it collects them as they are added (served at /api/docs).
  await app.register(openapi);
  await app.register(healthRoutes);
  await app.register(userRoutes);
  await app.register(authRoutes);
  await app.register(announcementRoutes);
  await app.register(favoritesRoutes);
  await app.register(notificationsRoutes);
  await app.register(messagesRoutes);
  await app.register(myAnnouncementsRoutes);
  await app.register(pushRoutes);
  await app.register(trustRoutes);
  await app.register(moderationRoutes);
  await app.register(reviewsRoutes);
  await app.register(profilesRoutes);
  await app.register(syncSocketRoutes, app.sync);
  await app.register(staticFiles);
});
