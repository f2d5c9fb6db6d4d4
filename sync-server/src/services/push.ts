import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
// The parser web-push sends with (web-push-lib.js): what it reads is what the allow-list must check.
import { parse as legacyParse } from 'node:url';
import webpush from 'web-push';
import type { PushSubscriptionBody } from '../../../schema/api/push.ts';
import type { Config } from '../config.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { PushRepository } from '../repositories/push.ts';
import { fail, type Outcome } from './result.ts';

/**
 * Web Push subscriptions and keys (issue 23). The VAPID key pair comes from the environment, or is made on
 * first start and kept in the database (`server_keys`: every instance signs with the same pair, and the
 * browsers' subscriptions, made with its public key, survive restarts). A subscription is accepted only
 * for an https endpoint on a known push service (or a PUSH_ENDPOINT_ALLOW prefix): the server will POST
 * to it, so an address of our own network must never be one (request forgery).
 */

/** Hosts of the push services browsers use: Chrome/Edge (FCM), Firefox (Mozilla), Safari (Apple), Windows (WNS). */
export const PUSH_SERVICE_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^(web\.)?push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

export const PUSH_MESSAGES = {
  endpoint: 'Adresa de notificare nu aparține unui serviciu de notificări cunoscut.',
  unsubscribed: 'Notificările pe acest dispozitiv au fost oprite.',
  /** Another account's device, posted without its keys (issue 40, L10). */
  endpointTaken: 'Acest dispozitiv primește deja notificări pentru alt cont.',
} as const;

/**
 * The characters an endpoint may hold: RFC 3986's unreserved and reserved ones and '%'. A browser's
 * endpoint is a URL it serialized itself, so it never needs more; whitespace, control characters, backslash and
 * non-ASCII are exactly where URL parsers disagree (WHATWG drops a tab that Node's `url.parse` keeps,
 * issue 40 item 3), so they are refused before anything is parsed.
 */
const URL_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;
/** A '%' not followed by two hex digits: no serializer writes one. */
const STRAY_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/** Inside a PUSH_ENDPOINT_ALLOW prefix: the same origin, and the prefix's path (not a string prefix). */
function withinPrefix(url: URL, prefix: string): boolean {
  try {
    const base = new URL(prefix);
    return url.origin === base.origin && url.pathname.startsWith(base.pathname);
  } catch {
    return false;
  }
}

/**
 * Why `endpoint` may not receive our pushes, or null. `allow`: extra URL prefixes (tests, self-hosted).
 * The host checked is the one the sender connects to: web-push hands Node's legacy `url.parse(endpoint)`
 * to `https.request`, so that parse must name the same protocol, host, port and path as the WHATWG one
 * checked here, and the endpoint must already be in its canonical form (no '..', upper-case host, ':443',
 * percent-encoded host or backslash for either parser to resolve its own way).
 */
export function endpointProblem(endpoint: string, allow: readonly string[]): string | null {
  if (!URL_CHARACTERS.test(endpoint) || STRAY_PERCENT.test(endpoint)) return PUSH_MESSAGES.endpoint;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_MESSAGES.endpoint;
  }
  if (url.href !== endpoint || url.hash !== '' || url.username || url.password) return PUSH_MESSAGES.endpoint;
  const sent = legacyParse(endpoint);
  if (
    sent.protocol !== url.protocol ||
    sent.auth !== null ||
    sent.hostname !== url.hostname ||
    (sent.port ?? '') !== url.port ||
    sent.path !== url.pathname + url.search
  )
    return PUSH_MESSAGES.endpoint;
  if (allow.some((prefix) => withinPrefix(url, prefix))) return null;
  if (url.protocol !== 'https:' || url.port !== '') return PUSH_MESSAGES.endpoint;
  // An address instead of a name (private, loopback, link-local or not): never a push service.
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return PUSH_MESSAGES.endpoint;
  return PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname)) ? null : PUSH_MESSAGES.endpoint;
}

/** The two keys of a subscription, compared in constant time (the auth secret is one). */
function sameKeys(a: { p256dh: string; auth: string }, b: { p256dh: string; auth: string }): boolean {
  const left = Buffer.from(`${a.p256dh}\n${a.auth}`);
  const right = Buffer.from(`${b.p256dh}\n${b.auth}`);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type VapidKeys = { publicKey: string; privateKey: string };

export const subscriptionId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

export function pushService(deps: {
  repo: PushRepository;
  uow: UnitOfWork;
  config: Pick<Config, 'vapid' | 'pushEndpointAllow'>;
}) {
  const { repo, uow, config } = deps;
  let keys: Promise<VapidKeys> | null = null;

  /** The pair from the environment, or the one in the database (made once; a racing instance's wins). */
  const loadKeys = async (): Promise<VapidKeys> => {
    const { publicKey, privateKey } = config.vapid;
    if (publicKey && privateKey) return { publicKey, privateKey };
    let stored = await repo.serverKey('vapid');
    if (!stored) {
      const made = webpush.generateVAPIDKeys();
      await uow.write(() => repo.keepServerKey('vapid', JSON.stringify(made)));
      stored = (await repo.serverKey('vapid'))!;
    }
    return JSON.parse(stored) as VapidKeys;
  };

  return {
    vapidKeys(): Promise<VapidKeys> {
      keys ??= loadKeys().catch((err) => {
        keys = null;
        throw err;
      });
      return keys;
    },

    /**
     * Keeps this device's subscription (the endpoint identifies the browser profile). The same endpoint
     * signed in as someone else (the device changed hands) moves to the caller only with the keys stored
     * for it: the browser that holds the subscription knows them, a stranger who learnt the endpoint does
     * not, and must not take another account's notifications away (issue 40, L10).
     */
    async subscribe(
      userId: string,
      sessionHash: string,
      body: PushSubscriptionBody,
    ): Promise<Outcome<{ ok: true }>> {
      const problem = endpointProblem(body.endpoint, config.pushEndpointAllow);
      if (problem) return fail(400, problem, 'push_endpoint');
      const row = {
        id: subscriptionId(body.endpoint),
        userId,
        sessionHash,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        createdAt: Date.now(),
      };
      return uow.write(async () => {
        const held = await repo.subscription(row.id);
        const elsewhere = held && (held.userId !== userId || held.sessionHash !== sessionHash);
        if (elsewhere && !sameKeys(held, row))
          return fail(409, PUSH_MESSAGES.endpointTaken, 'push_endpoint_taken');
        await repo.subscribe(row);
        return { ok: true, status: 201, value: { ok: true } } as const;
      });
    },

    /** Whether a stored endpoint may still be sent to (the rule may be stricter than when it was kept). */
    sendable: (endpoint: string) => endpointProblem(endpoint, config.pushEndpointAllow) === null,

    /** This device says no more (Setări, or the browser's permission withdrawn). */
    async unsubscribe(userId: string, sessionHash: string): Promise<void> {
      await uow.write(() => repo.unsubscribe(userId, sessionHash));
    },

    /** A person's subscriptions (the sender reads them; tests check the clean-up). */
    of: (userId: string) => repo.subscriptionsOf(userId),

    /** The push service said the subscription is gone (404/410): it goes here too. */
    async forget(id: string): Promise<void> {
      await uow.write(() => repo.forgetSubscription(id));
    },
  };
}

export type PushService = ReturnType<typeof pushService>;
