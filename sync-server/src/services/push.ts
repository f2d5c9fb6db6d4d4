import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
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
} as const;

/** Why `endpoint` may not receive our pushes, or null. `allow`: extra URL prefixes (tests, self-hosted). */
export function endpointProblem(endpoint: string, allow: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_MESSAGES.endpoint;
  }
  if (allow.some((prefix) => endpoint.startsWith(prefix))) return null;
  if (url.protocol !== 'https:' || url.username || url.password) return PUSH_MESSAGES.endpoint;
  if (url.port !== '' && url.port !== '443') return PUSH_MESSAGES.endpoint;
  // An address instead of a name (private, loopback, link-local or not): never a push service.
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return PUSH_MESSAGES.endpoint;
  return PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname)) ? null : PUSH_MESSAGES.endpoint;
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
     * Keeps this device's subscription (the endpoint identifies the browser profile): a new one, or the
     * same endpoint now signed in as someone else (the device changed hands), replaces what was there.
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
      await uow.write(() => repo.subscribe(row));
      return { ok: true, status: 201, value: { ok: true } };
    },

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
