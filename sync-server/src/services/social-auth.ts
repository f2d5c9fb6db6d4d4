import { createHmac, randomBytes } from 'node:crypto';
import { LIMITS } from '../../../schema/constants.ts';
import { formatDate } from '../../../schema/format.ts';
import { hasPasswordHash } from '../../../schema/profile-api.ts';
import { SOCIAL_MESSAGES } from '../../../schema/rules/account.ts';
import { isEmail } from '../../../schema/rules/common.ts';
import { suspensionMessage } from '../../../schema/rules/moderation.ts';
import { nameContentError } from '../../../schema/rules/person-name.ts';
import type { Config } from '../config.ts';
import { newId } from '../lib/ids.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { SessionsRepository } from '../repositories/sessions.ts';
import type { ThrottlesRepository } from '../repositories/throttles.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { Mailer } from './mailer.ts';
import { fail, type ServiceResult } from './result.ts';

export { SOCIAL_MESSAGES };

/** What a provider tells us about the person, after we verified it with the provider itself. */
export type SocialProfile = {
  provider: 'google' | 'facebook';
  providerId: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
};

const M = SOCIAL_MESSAGES;
/** Social accounts get no usable password until the person sets one through 'Ai uitat parola?'. */
const NO_PASSWORD = '!social';
const TIMEOUT_MS = 8000;

const clip = (v: unknown, max: number) =>
  typeof v === 'string' ? [...v.normalize('NFC').trim()].slice(0, max).join('') : '';

/**
 * A name a provider sends goes through the rule a typed name does (schema/rules/person-name.ts): a Google
 * or Facebook account named 'Echipa Hobbiz' or carrying a bidi override must not become a Hobbiz account
 * with that name. A refused name is left empty (the first name falls back to 'Utilizator'); the person
 * can choose one in Setări.
 */
const providerName = (v: string) => (nameContentError(v) ? '' : v);

async function getJson(url: string, init?: RequestInit): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) return null;
    const body = (await res.json()) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function socialAuthService(deps: {
  config: Pick<Config, 'google' | 'facebook' | 'publicUrl'>;
  users: UsersRepository;
  sessions: SessionsRepository;
  uow: UnitOfWork;
  mailer?: Mailer;
  log?: (err: unknown) => void;
}) {
  const { google, facebook } = deps.config;

  /** Link by provider id, else by a verified email, else a new account. Answers our own session token. */
  async function signIn(p: SocialProfile): Promise<ServiceResult<{ token: string; userId: string }>> {
    let takenOver: { email: string; firstName: string } | null = null;
    const result = await deps.uow.write(async (tx): Promise<ServiceResult<{ userId: string }>> => {
      const picture = p.provider === 'google' ? p.picture : undefined;
      const known = await deps.users.byProviderId(p.provider, p.providerId);
      if (known) {
        if (picture !== undefined) await deps.users.linkProvider(known.id, p.provider, p.providerId, picture);
        return { ok: true, value: { userId: known.id } };
      }
      await deps.users.releaseProviderId(p.provider, p.providerId);
      const email = p.email.trim().toLowerCase();
      if (!email || !isEmail(email)) return fail(400, M.noEmail);
      const byEmail = await deps.users.byEmail(email);
      if (byEmail && !byEmail.deleted) {
        // Only a provider-verified address may join an existing account: otherwise anyone could claim it.
        if (!p.emailVerified) return fail(409, M.emailNotVerified);
        // The provider proves the address; the account's password may not be its owner's (anyone can
        // register any address, issue 21 item 4), even once the address is confirmed (the owner clicked
        // the squatter's confirmation mail, or its link leaked: issue 40, item 9). So joining an account
        // that has a password removes it and ends every session and push subscription (revokeAll), and
        // the owner is told how to choose a new one. A later sign-in finds the account by provider id.
        if (hasPasswordHash(byEmail.passwordHash)) {
          await deps.users.setPasswordHash(byEmail.id, NO_PASSWORD);
          await deps.sessions.revokeAll(byEmail.id);
          takenOver = { email, firstName: byEmail.firstName };
        }
        await deps.users.setEmailVerified(byEmail.id, email, Date.now());
        await deps.users.linkProvider(byEmail.id, p.provider, p.providerId, picture);
        return { ok: true, value: { userId: byEmail.id } };
      }
      if (!p.emailVerified) return fail(400, M.noEmail);
      const now = new Date();
      const id = newId(now);
      await deps.users.insert({
        id,
        email,
        passwordHash: NO_PASSWORD,
        // The provider vouched for the address.
        emailVerifiedAt: now.getTime(),
        firstName: providerName(clip(p.firstName, LIMITS.nameMax)) || 'Utilizator',
        lastName: providerName(clip(p.lastName, LIMITS.nameMax)),
        phone: '',
        localitate: '',
        avatar: null,
        createdAt: now.toISOString(),
        lastSeen: now.toISOString(),
        seq: tx.seq(),
        ...(p.provider === 'google'
          ? { googleId: p.providerId, googleAvatar: p.picture }
          : { facebookId: p.providerId }),
      });
      return { ok: true, value: { userId: id } };
    });
    if (!result.ok) return result;
    if (takenOver) tellOwner(takenOver, p.provider);
    const account = await deps.users.byId(result.value.userId);
    const suspended = account && suspensionMessage(account.suspendedUntil, Date.now(), formatDate);
    if (suspended) return fail(403, suspended, 'suspended');
    const token = await deps.uow.write(() => deps.sessions.create(result.value.userId));
    return { ok: true, value: { token, userId: result.value.userId } };
  }

  /**
   * The owner of an account joined by a social sign-in learns that its password is gone, why, and how to
   * choose a new one (the reset sends a code to this same address).
   */
  function tellOwner(to: { email: string; firstName: string }, provider: 'google' | 'facebook') {
    const name = provider === 'google' ? 'Google' : 'Facebook';
    const reset = deps.config.publicUrl
      ? [
          'Dacă vrei și o parolă, cere una nouă aici (primești un cod pe această adresă):',
          '',
          `${deps.config.publicUrl}/forgot-password`,
        ]
      : [
          'Dacă vrei și o parolă, apasă „Ai uitat parola?” pe pagina de autentificare: primești un cod pe această adresă și îți alegi una nouă.',
        ];
    void deps.mailer
      ?.send({
        to: to.email,
        subject: `Te-ai conectat cu ${name}; parola contului Hobbiz a fost ștearsă`,
        text: [
          `Bună, ${to.firstName}!`,
          '',
          `Te-ai conectat la Hobbiz cu contul ${name} al acestei adrese, iar contul Hobbiz cu aceeași adresă avea o parolă.`,
          'Oricine poate face un cont cu adresa altcuiva, așa că nu putem ști cine a ales acea parolă: ca să nu mai',
          'poată intra altcineva, parola contului a fost ștearsă și toate celelalte sesiuni au fost închise.',
          '',
          `De acum intri cu ${name}.`,
          ...reset,
          '',
          `Dacă nu tu te-ai conectat, schimbă parola contului ${name}: cineva are acces la el.`,
        ].join('\n'),
      })
      .catch((err) => deps.log?.(err));
  }

  return {
    googleConfigured: () => !!(google.clientId && google.clientSecret),
    facebookConfigured: () => !!(facebook.appId && facebook.appSecret),

    googleAuthorizeUrl(state: string, redirectUri: string): string {
      const url = new URL(google.authUrl);
      url.searchParams.set('client_id', google.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'openid email profile');
      url.searchParams.set('state', state);
      url.searchParams.set('prompt', 'select_account');
      return url.toString();
    },

    /** Exchanges the authorization code (server to server, with our secret) and reads the person. */
    async googleCallback(
      code: string,
      redirectUri: string,
    ): Promise<ServiceResult<{ token: string; userId: string }>> {
      const tokens = await getJson(google.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          code,
          client_id: google.clientId,
          client_secret: google.clientSecret,
          redirect_uri: redirectUri,
          grant_type: 'authorization_code',
        }).toString(),
      });
      const accessToken = tokens?.access_token;
      if (typeof accessToken !== 'string' || !accessToken) return fail(401, M.googleFailed);
      const info = await getJson(google.userInfoUrl, { headers: { authorization: `Bearer ${accessToken}` } });
      const sub = info?.sub;
      if (!info || typeof sub !== 'string' || !sub || sub.length > 255) return fail(401, M.googleFailed);
      const picture =
        typeof info.picture === 'string' && /^https:\/\//.test(info.picture) ? info.picture : null;
      return signIn({
        provider: 'google',
        providerId: sub,
        email: typeof info.email === 'string' ? info.email : '',
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        firstName: clip(info.given_name, 200) || clip(info.name, 200),
        lastName: clip(info.family_name, 200),
        picture: picture && picture.length <= 2000 ? picture : null,
      });
    },

    /**
     * Checks a Facebook user access token with the provider: it must be valid and issued to OUR app
     * (debug_token with the app token), then reads the person (with appsecret_proof).
     */
    async facebookToken(accessToken: string): Promise<ServiceResult<{ token: string; userId: string }>> {
      const appToken = `${facebook.appId}|${facebook.appSecret}`;
      const debug = await getJson(
        `${facebook.graphUrl}/debug_token?${new URLSearchParams({ input_token: accessToken, access_token: appToken })}`,
      );
      const data = debug?.data as Record<string, unknown> | undefined;
      if (data?.is_valid !== true || String(data.app_id) !== facebook.appId || !data.user_id)
        return fail(401, M.facebookFailed);
      const proof = createHmac('sha256', facebook.appSecret).update(accessToken).digest('hex');
      const me = await getJson(
        `${facebook.graphUrl}/me?${new URLSearchParams({
          fields: 'id,email,first_name,last_name',
          access_token: accessToken,
          appsecret_proof: proof,
        })}`,
      );
      const id = me?.id;
      if (!me || typeof id !== 'string' || id !== String(data.user_id) || id.length > 255)
        return fail(401, M.facebookFailed);
      const email = typeof me.email === 'string' ? me.email : '';
      return signIn({
        provider: 'facebook',
        providerId: id,
        email,
        // Facebook only returns an address its owner confirmed.
        emailVerified: email !== '',
        firstName: clip(me.first_name, 200),
        lastName: clip(me.last_name, 200),
        picture: null,
      });
    },
  };
}
export type SocialAuthService = ReturnType<typeof socialAuthService>;

/**
 * One-time `state` values of started Google sign-ins (CSRF): 10 minutes, single use. Kept in the database
 * (`throttle_hits`, key `oauth-state:…`, purged with the counters when lapsed), because the callback may
 * reach another instance than the one that sent the browser to Google.
 */
export class OAuthStates {
  constructor(
    private readonly store: Pick<ThrottlesRepository, 'hit' | 'take'>,
    private readonly ttlMs = 10 * 60_000,
  ) {}
  async issue(now = Date.now()): Promise<string> {
    const state = randomBytes(24).toString('base64url');
    await this.store.hit(`oauth-state:${state}`, now, this.ttlMs);
    return state;
  }
  consume(state: string, now = Date.now()): Promise<boolean> {
    return this.store.take(`oauth-state:${state}`, now);
  }
}
