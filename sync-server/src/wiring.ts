import type { FastifyBaseLogger } from 'fastify';
import { CHAT_UNSENT_RETENTION_MS } from '../../schema/rules/upload-quotas.ts';
import { type Config, linkOrigin } from './config.ts';
import type { FileStorage } from './lib/file-storage.ts';
import type { UnitOfWork } from './lib/unit-of-work.ts';
import type { Db } from './plugins/db.ts';
import { buildCollections } from './replication/collections/index.ts';
import type { RealtimeHub } from './replication/hub.ts';
import { purgeTombstones } from './replication/purge.ts';
import { accountDeletionRepository } from './repositories/account-deletion.ts';
import { announcementsRepository } from './repositories/announcements.ts';
import { countersRepository } from './repositories/counters.ts';
import { draftsRepository } from './repositories/drafts.ts';
import { favoritesRepository } from './repositories/favorites.ts';
import { messagingRepository } from './repositories/messaging.ts';
import { passwordResetsRepository } from './repositories/password-resets.ts';
import { photoUploadsRepository } from './repositories/photo-uploads.ts';
import { pushRepository } from './repositories/push.ts';
import { reviewsRepository } from './repositories/reviews.ts';
import { searchRepository } from './repositories/search.ts';
import { searchVocabRepository } from './repositories/search-vocab.ts';
import { sessionsRepository } from './repositories/sessions.ts';
import { standingRepository } from './repositories/standing.ts';
import { throttlesRepository } from './repositories/throttles.ts';
import { tombstonesRepository } from './repositories/tombstones.ts';
import { moderationRepository, trustRepository } from './repositories/trust.ts';
import { usersRepository } from './repositories/users.ts';
import { accountDeletionService } from './services/account-deletion.ts';
import { accountsService } from './services/accounts.ts';
import { announcementsService } from './services/announcements.ts';
import { chatFiles } from './services/chat-files.ts';
import { purgeUnusedChatUploads } from './services/chat-upload-purge.ts';
import { draftsService } from './services/drafts.ts';
import { emailVerificationService } from './services/email-verification.ts';
import { favoritesService } from './services/favorites.ts';
import { LoginThrottle } from './services/login-throttle.ts';
import { createMailer } from './services/mailer.ts';
import { messageMail } from './services/message-mail.ts';
import { messagingService } from './services/messaging.ts';
import { moderationService } from './services/moderation.ts';
import { notificationsService } from './services/notifications.ts';
import { passwordResetService } from './services/password-reset.ts';
import { photoUploadsService } from './services/photo-uploads.ts';
import { profilesService } from './services/profiles.ts';
import { pushService } from './services/push.ts';
import { pushSender } from './services/push-sender.ts';
import { RateWindow } from './services/rate-window.ts';
import { reviewsService } from './services/reviews.ts';
import { searchFromParams } from './services/search.ts';
import { buildSearcher } from './services/searcher.ts';
import { OAuthStates, socialAuthService } from './services/social-auth.ts';
import { standingService } from './services/standing.ts';
import { trustService } from './services/trust.ts';
import { uploadQuotas } from './services/upload-quotas.ts';

/** What every repository and service is built from: the app's infrastructure (app.ts opens it). */
export type WiringDeps = {
  db: Db;
  uow: UnitOfWork;
  hub: RealtimeHub;
  storage: FileStorage;
  config: Config;
  log: FastifyBaseLogger;
};

/**
 * Every repository and service of the server, built once. app.ts decorates the instance with each of them
 * (`app.messaging`, `app.reviewsRepo`, …: the names of the returned object), so routes, the auth hook, the
 * sync socket and housekeeping all use these same objects; nobody else calls a factory.
 */
export function buildServices({ db, uow, hub, storage, config, log }: WiringDeps) {
  const usersRepo = usersRepository(db);
  // Every revocation closes the sync sockets of the sessions it ended, on every instance: published once
  // the revocation has committed (or dropped if it rolled back); each instance checks its own sockets.
  const sessionsRepo = sessionsRepository(db, {
    onRevoked: (r) => uow.afterCommit(() => hub.closeRevoked(r)),
  });
  hub.checkSessionsWith((session) => sessionsRepo.isLive(session));
  const announcementsRepo = announcementsRepository(db);
  const favoritesRepo = favoritesRepository(db);
  const messagingRepo = messagingRepository(db);
  const photoUploadsRepo = photoUploadsRepository(db);
  const pushRepo = pushRepository(db);
  const photoUploads = photoUploadsService({ uow, repo: photoUploadsRepo, storage });
  const reviewsRepo = reviewsRepository(db);
  const draftsRepo = draftsRepository(db);
  const searchRepo = searchRepository(db);
  const searchVocab = searchVocabRepository(db);
  // Metered, kept first pages, worker threads or bounded in-thread searches (services/searcher.ts).
  const searcher = buildSearcher({
    db,
    config,
    repo: searchRepo,
    vocab: searchVocab,
    toApi: announcementsRepo.toApi,
    log,
  });
  const counters = countersRepository(db);
  /** Sign-in throttle, reset/Facebook attempt and write-limit counters, shared by every instance. */
  const throttles = throttlesRepository(db);

  const accounts = accountsService(usersRepo, sessionsRepo, uow);
  const moderation = moderationService({
    uow,
    repo: moderationRepository(db),
    users: usersRepo,
    announcements: announcementsRepo,
    messaging: messagingRepo,
    sessions: sessionsRepo,
  });
  const trust = trustService({
    uow,
    repo: trustRepository(db),
    users: usersRepo,
    announcements: announcementsRepo,
    messaging: messagingRepo,
    onReported: async (tx, report) => {
      if (report.targetType === 'announcement') await moderation.autoHold(tx, report.targetId);
    },
  });
  // Web Push (issue 23): subscriptions and keys, and the sender of the queued pushes.
  const push = pushService({ repo: pushRepo, uow, config });
  const pushes = pushSender({
    repo: pushRepo,
    push,
    uow,
    log,
    subject: config.vapid.subject,
    isViewing: (userId, conversationId) => hub.isViewing(userId, conversationId),
    unreadCount: async (userId, conversationId) =>
      (await messagingRepo.member(conversationId, userId))?.unreadCount ?? 0,
    favoriteCount: async (announcementId) => {
      const ann = await announcementsRepo.byId(announcementId);
      return ann && !ann.deleted && ann.active ? ann.favoritesCount : 0;
    },
  });
  const favorites = favoritesService({
    uow,
    hub,
    favorites: favoritesRepo,
    announcements: announcementsRepo,
    users: usersRepo,
    pushes,
    trust,
  });
  const files = chatFiles({ repo: messagingRepo, keys: pushRepo, uow, storage });
  const messaging = messagingService({
    uow,
    hub,
    repo: messagingRepo,
    announcements: announcementsRepo,
    users: usersRepo,
    storage,
    pushes,
    trust,
    files,
  });
  const notifications = notificationsService({ uow, repo: messagingRepo });
  /** Issue 40: standing (a confirmed address and a day of age, or an answer), what reviews wait for. */
  const standing = standingService({ repo: standingRepository(db), now: config.now });
  const reviews = reviewsService({
    uow,
    reviews: reviewsRepo,
    notifications: messagingRepo,
    users: usersRepo,
    announcements: announcementsRepo,
    pushes,
    trust,
    standing,
  });
  const drafts = draftsService({ uow, repo: draftsRepo });
  /** The same search as REST: names resolved and checked by schema/, one repository query. */
  const search = async (raw: Record<string, unknown>, address?: string) => {
    const found = await searchFromParams(searcher, raw, address);
    return found.ok ? found.value : { error: found.error, status: found.status };
  };
  const purgeDeps = { uow, counters, tombstones: tombstonesRepository(db) };
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  // Links in mail come from configuration only (issue 40, item 8), never from a request's Host.
  const origin = linkOrigin(config);
  if (!config.publicUrl)
    log.warn({ origin }, 'PUBLIC_URL is unset: links in mail and the Google callback point to this address');
  const emailVerification = emailVerificationService({
    users: usersRepo,
    throttles,
    mailer,
    origin,
    publicUrl: config.publicUrl,
    now: config.now,
    log: (err) => log.error({ err }, 'confirmation mail failed'),
  });

  return {
    usersRepo,
    sessionsRepo,
    announcementsRepo,
    favoritesRepo,
    messagingRepo,
    reviewsRepo,
    searchRepo,
    searchVocab,
    searcher,
    counters,
    throttles,
    accounts,
    favorites,
    messaging,
    /** Who may open a chat file, signed links for REST clients (issue 21). */
    chatFiles: files,
    notifications,
    reviews,
    standing,
    announcements: announcementsService({ uow, repo: announcementsRepo, storage, photos: photoUploadsRepo }),
    photoUploads,
    /** Quotas on stored bytes per account, address and instance (issue 40): every upload asks first. */
    uploadQuotas: uploadQuotas({
      throttles,
      unsentChatBytes: (userId) =>
        messagingRepo.unsentBytesOf(userId, config.now() - CHAT_UNSENT_RETENTION_MS),
      unclaimedPhotoBytes: (userId) => photoUploadsRepo.unclaimedBytesOf(userId),
      freeBytes: async () => (storage.freeBytes ? storage.freeBytes() : null),
      config: { dailyBudgetBytes: config.uploadDailyBudgetBytes, minFreeBytes: config.uploadMinFreeBytes },
      now: config.now,
    }),
    /** Web Push subscriptions and the VAPID keys (issue 23). */
    push,
    pushRepo,
    pushSender: pushes,
    /** Reports and blocking (issue 24). */
    trust,
    /** The moderators' queue, actions and audit log (issue 24). */
    moderation,
    /** The e-mail fallback for unread messages (issue 23), run every few minutes by app.ts. */
    messageMail: messageMail({
      repo: pushRepo,
      users: usersRepo,
      announcements: announcementsRepo,
      throttles,
      uow,
      mailer,
      log,
      origin,
    }),
    profiles: profilesService({
      uow,
      users: usersRepo,
      reviews,
      announcements: announcementsRepo,
      storage,
      onCleanupError: (err) => log.warn({ err }, 'old avatar file not removed'),
    }),
    accountDeletion: accountDeletionService({
      uow,
      hub,
      erasure: accountDeletionRepository(db),
      users: usersRepo,
      favorites,
      storage,
      search: searchRepo,
      vocab: searchVocab,
      onVocabError: (err) => log.warn({ err }, 'vocabulary not cleaned after an account deletion'),
    }),
    passwordResets: passwordResetService({
      uow,
      users: usersRepo,
      sessions: sessionsRepo,
      resets: passwordResetsRepository(db),
      throttles,
      mailer,
      log: (err) => log.error({ err }, 'password reset mail failed'),
    }),
    emailVerification,
    social: socialAuthService({
      config,
      users: usersRepo,
      sessions: sessionsRepo,
      uow,
      mailer,
      log: (err) => log.error({ err }, 'account takeover mail failed'),
    }),
    /** Google sign-in states (in the database: any instance may get the callback) and the Facebook token exchanges per address. */
    oauthStates: new OAuthStates(throttles),
    facebookPerIp: new RateWindow(throttles, 'facebook:ip', 30, 15 * 60_000),
    loginThrottle: new LoginThrottle(throttles),
    /** What the sync socket serves (replication/socket.ts): the pulled collections, held docs, search. */
    sync: {
      collections: buildCollections({
        uow,
        favorites: favoritesRepo,
        favoritesService: favorites,
        drafts: draftsRepo,
        draftsService: drafts,
        messaging: messagingRepo,
        messagingService: messaging,
        notificationsService: notifications,
      }),
      held: { counters, announcements: announcementsRepo, users: usersRepo, reviews: reviewsRepo },
      search,
    },
    /** Periodic clean-up (app.ts schedules it), also run by tests with their own clock. */
    housekeeping: {
      purgeTombstones: (now?: number, horizonMs?: number) => purgeTombstones(purgeDeps, now, horizonMs),
      purgeChatUploads: (now?: number, graceMs?: number) =>
        purgeUnusedChatUploads({ uow, repo: messagingRepo }, storage, now, graceMs),
      purgeThrottles: (now?: number) => throttles.purge(now ?? config.now()),
      purgePhotoUploads: (now?: number, graceMs?: number) => photoUploads.purge(now, graceMs),
    },
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  // Each built object is an instance decoration of the same name (app.ts decorates them in one loop).
  interface FastifyInstance extends Services {}
}
