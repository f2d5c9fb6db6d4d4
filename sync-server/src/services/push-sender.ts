import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { messageCountText, pluralRo } from '../../../schema/format.ts';
import { newId } from '../lib/ids.ts';
import type { UnitOfWork, WriteTx } from '../lib/unit-of-work.ts';
import type { PushJobRow, PushRepository, PushSubscriptionRow } from '../repositories/push.ts';
import type { PushService } from './push.ts';

/**
 * Sending Web Pushes (issue 23): after the commit, outside any request, from the `push_jobs` queue. A job
 * is written in the unit of work of what it announces (`queue`), so nothing is announced that did not
 * happen and nothing that happened is lost by a crash. Each instance's sender claims due jobs atomically
 * (each goes once across instances), groups them per person and tag (five messages → one notification,
 * 'Maria: 5 mesaje noi'), builds what to show at send time (a conversation opened meanwhile, or read,
 * is not pushed), encrypts it for each of the person's devices (RFC 8291, web-push) and posts it with a
 * 5 s timeout. 404/410 removes the subscription; a 429/5xx/timeout retries with backoff; a slow push
 * service delays nobody's messages.
 */

/** What a job carries: enough to build the notification when it is sent. */
export type PushJob =
  | { kind: 'message'; conversationId: string; senderName: string; announcementTitle: string; text: string }
  | { kind: 'review'; authorName: string; link: string }
  | { kind: 'favorite'; announcementId: string; announcementTitle: string };

/** What the device receives (encrypted) and the service worker shows. */
export type PushNotification = {
  title: string;
  body: string;
  tag: string;
  url: string;
  /** Replace the card without ringing again (a favourite count going up is no reason to buzz twice). */
  quiet?: boolean;
};

const LEASE_MS = 30_000;
const MAX_ATTEMPTS = 6;
const TIMEOUT_MS = 5_000;
/** Groups (a person, a tag) one instance sends at once; past it, due jobs wait for the next pass. */
const MAX_IN_FLIGHT = 64;
/** How often each instance looks for due jobs when nothing nudged it. */
const POLL_MS = 1_000;

export type PushSendResult = { statusCode: number } | { error: unknown };

export type PushSenderDeps = {
  repo: PushRepository;
  push: PushService;
  uow: UnitOfWork;
  log: FastifyBaseLogger;
  subject: string;
  /** True while the person has this conversation open on some device: nothing is pushed then. */
  isViewing: (userId: string, conversationId: string) => boolean;
  /** The person's unread messages in a conversation now (0: read meanwhile, nothing to say). */
  unreadCount: (userId: string, conversationId: string) => Promise<number>;
  /** How many people have the announcement in favourites now (0: gone or removed, nothing to say). */
  favoriteCount: (announcementId: string) => Promise<number>;
  now?: () => number;
  /** Tests: trust a local receiver's throwaway certificate (production uses the default agent). */
  agent?: Agent;
};

export function pushSender(deps: PushSenderDeps) {
  const { repo, push, uow, log } = deps;
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function notificationFor(userId: string, job: PushJob): Promise<PushNotification | null> {
    if (job.kind === 'review') {
      return {
        title: 'Recenzie nouă',
        body: `${job.authorName} ți-a lăsat o recenzie.`,
        tag: `review-${userId}`,
        url: job.link,
      };
    }
    if (job.kind === 'favorite') {
      const n = await deps.favoriteCount(job.announcementId);
      if (n === 0) return null;
      return {
        title: 'Anunțul tău a fost salvat la favorite',
        body: `„${job.announcementTitle}”: ${pluralRo(n, 'persoană l-a', 'persoane l-au', 'de persoane l-au')} salvat.`,
        tag: `fav-${job.announcementId}`,
        url: `/announcement/${job.announcementId}`,
        quiet: true,
      };
    }
    if (deps.isViewing(userId, job.conversationId)) return null;
    const unread = await deps.unreadCount(userId, job.conversationId);
    if (unread === 0) return null;
    const text = job.text.length > 80 ? `${job.text.slice(0, 79)}…` : job.text;
    return {
      title: unread > 1 ? `${job.senderName}: ${messageCountText(unread)} noi` : job.senderName,
      body: job.announcementTitle ? `${job.announcementTitle}\n${text}` : text,
      tag: `chat-${job.conversationId}`,
      url: `/chat/${job.conversationId}`,
    };
  }

  async function sendTo(sub: PushSubscriptionRow, notification: PushNotification): Promise<PushSendResult> {
    const vapid = await push.vapidKeys();
    try {
      const res = await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(notification),
        {
          vapidDetails: { subject: deps.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: 24 * 3600,
          urgency: 'high',
          // The push service keeps only the newest of one topic for an offline device.
          topic: notification.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          timeout: TIMEOUT_MS,
          ...(deps.agent ? { agent: deps.agent } : {}),
        },
      );
      return { statusCode: res.statusCode };
    } catch (err) {
      const statusCode = (err as { statusCode?: number }).statusCode;
      return statusCode ? { statusCode } : { error: err };
    }
  }

  /** One group (a person, a tag): the newest job says what to show. True when it is done with. */
  async function sendGroup(userId: string, jobs: PushJobRow[]): Promise<boolean> {
    const newest = jobs.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
    const notification = await notificationFor(userId, JSON.parse(newest.payload) as PushJob);
    if (!notification) return true;
    const subs = await repo.subscriptionsOf(userId);
    let transient = false;
    for (const sub of subs) {
      // Kept before the endpoint rule was as strict as now (issue 40 item 3): checked again, and dropped
      // rather than posted to a host the allow-list never saw.
      if (!push.sendable(sub.endpoint)) {
        log.warn('push subscription with an endpoint no longer accepted, dropped');
        await push.forget(sub.id);
        continue;
      }
      const result = await sendTo(sub, notification);
      if ('statusCode' in result && (result.statusCode === 404 || result.statusCode === 410)) {
        await push.forget(sub.id);
      } else if (!('statusCode' in result) || result.statusCode === 429 || result.statusCode >= 500) {
        transient = true;
        log.warn(
          { status: 'statusCode' in result ? result.statusCode : 'no answer' },
          'push not accepted, retrying',
        );
      }
    }
    return !transient || Math.max(...jobs.map((j) => j.attempts)) + 1 >= MAX_ATTEMPTS;
  }

  /** Groups being sent, by person and tag; jobs for a group in flight wait for it (`waiting`). */
  const inFlight = new Map<string, Promise<void>>();
  const waiting = new Map<string, PushJobRow[]>();
  const sends = new Set<Promise<void>>();
  /** Ids of the jobs this instance is sending or holding back (never claimed twice here). */
  const held = new Set<string>();
  /** The last pass left due jobs unclaimed (no room, or a full batch). */
  let starved = false;

  /** Sends one group and records the outcome; then the jobs that came for the same group meanwhile. */
  async function runGroup(key: string, group: PushJobRow[]): Promise<void> {
    const ids = group.map((j) => j.id);
    // Jobs that waited behind a slow send may have outlived their lease: claim them anew before sending.
    await uow.write(() => repo.extendLease(ids, now() + LEASE_MS)).catch(() => undefined);
    let finished = true;
    try {
      finished = await sendGroup(group[0]!.userId, group);
    } catch (err) {
      log.warn({ err }, 'push failed');
      finished = false;
    }
    const attempts = Math.max(...group.map((j) => j.attempts)) + 1;
    await uow
      .write(() =>
        finished ? repo.done(ids) : repo.retryLater(ids, now() + Math.min(300_000, 2 ** attempts * 1000)),
      )
      .catch((err) => log.warn({ err }, 'push outcome not recorded'));
    for (const id of ids) held.delete(id);
    const next = waiting.get(key);
    waiting.delete(key);
    if (next && !stopped) await runGroup(key, next);
  }

  /**
   * Claims due jobs and starts sending them, without waiting: each group (a person, a tag) goes on its own,
   * so a push service that hangs for its 5 s delays only its own people. Jobs for a group already being
   * sent wait for it and go together right after (the newest says what to show), never twice at once.
   */
  async function tick(): Promise<void> {
    const room = MAX_IN_FLIGHT - inFlight.size;
    starved = room <= 0;
    if (starved) return;
    const at = now();
    if (!(await repo.anyDue(at))) return;
    const limit = Math.min(100, room * 4);
    const jobs = await uow.write(() => repo.claimDue(at, LEASE_MS, limit));
    starved = jobs.length === limit;
    const groups = new Map<string, PushJobRow[]>();
    for (const j of jobs) {
      // Already being sent or waiting here (claimed again after its lease ran out): once is enough.
      if (held.has(j.id)) continue;
      held.add(j.id);
      const key = `${j.userId}\u0000${j.tag}`;
      groups.set(key, [...(groups.get(key) ?? []), j]);
    }
    for (const [key, group] of groups) {
      if (inFlight.has(key)) {
        waiting.set(key, [...(waiting.get(key) ?? []), ...group]);
        continue;
      }
      const send = runGroup(key, group).finally(() => {
        inFlight.delete(key);
        sends.delete(send);
        // Jobs were left for lack of room: look again now rather than at the next poll.
        if (starved) void nudge();
      });
      inFlight.set(key, send);
      sends.add(send);
    }
  }

  /** Resolves once every group started so far is sent (tests, stop). */
  async function drain(): Promise<void> {
    while (sends.size > 0) await Promise.all([...sends]);
  }

  /** Runs a pass now (or right after the running one). */
  function nudge(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await tick().catch((err) => log.warn({ err }, 'push pass failed'));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /**
     * Queues a push inside the caller's unit of work; the sender is nudged once it commits. Someone with
     * no subscription gets no job (one indexed read per message), and `job` is only built for those who do.
     */
    async queue(tx: WriteTx, userId: string, tag: string, job: () => Promise<PushJob>): Promise<void> {
      if (!(await repo.hasSubscription(userId))) return;
      const at = now();
      const payload = JSON.stringify(await job());
      await repo.enqueue({ id: newId(), userId, tag, payload, createdAt: at, nextAt: at });
      tx.effect(() => void nudge(), 'push-sender');
    },
    nudge,
    /** A pass, then every send it started, and the passes those allow (tests). */
    async flush(): Promise<void> {
      do {
        await nudge();
        await drain();
      } while (starved);
    },
    start(): void {
      timer = setInterval(() => void nudge(), POLL_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
      await drain();
    },
  };
}

export type PushSender = ReturnType<typeof pushSender>;
