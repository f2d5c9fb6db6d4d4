import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { WRITE_LIMITS, type WriteLimitTable } from '../../schema/constants.ts';

/** An S3-compatible bucket for uploads (docs/DEPLOY.md, "Photos past one machine"). */
export type S3Config = {
  bucket: string;
  /** S3_ENDPOINT: another provider's or a test server's URL; null = AWS. */
  endpoint: string | null;
  region: string;
  /** S3_PREFIX: keys go under it (one bucket for several deployments), '' by default. */
  prefix: string;
  /** Credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY); absent = the SDK's own chain (roles, env). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** S3_FORCE_PATH_STYLE: bucket in the path (most S3-compatible servers); default on with an endpoint. */
  forcePathStyle: boolean;
};

function s3Config(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint && !/^https?:\/\//.test(endpoint))
    throw new Error(`S3_ENDPOINT invalid: ${endpoint} (an http(s) URL)`);
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+/, '');
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : endpoint !== null,
  };
}

function vapidConfig(env: NodeJS.ProcessEnv): Config['vapid'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || null;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || null;
  if (!publicKey !== !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  const subject = env.VAPID_SUBJECT?.trim() || 'mailto:contact@hobbiz.ro';
  if (!/^(mailto:|https:\/\/)/.test(subject))
    throw new Error(`VAPID_SUBJECT invalid: ${subject} (mailto: or https://)`);
  return { publicKey, privateKey, subject };
}

/** Configuration, read and validated once. Nothing else in the server reads process.env. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /**
   * Uploaded files (UPLOADS_DIR); null = DATA_DIR/uploads. Several instances share one directory (a
   * network mount) by pointing this at it; see lib/file-storage.ts.
   */
  uploadsDir: string | null;
  /** S3_BUCKET and friends: uploads in an S3-compatible bucket instead of a directory (lib/s3-storage.ts). */
  s3: S3Config | null;
  /**
   * Web Push (issue 23): the VAPID key pair and contact (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT);
   * keys absent = made on first start and kept in the database (services/push.ts).
   */
  vapid: { publicKey: string | null; privateKey: string | null; subject: string };
  /** Whether this instance sends queued pushes on a timer (tests drive the sender themselves: false). */
  pushSender: boolean;
  /** PUSH_ENDPOINT_ALLOW: URL prefixes accepted as push endpoints besides the known push services. */
  pushEndpointAllow: string[];
  /** Built PWA to serve; null in tests that only exercise the API. */
  staticDir: string | null;
  logLevel: string;
  /** Seconds a socket may stay silent before it must authenticate. */
  socketAuthTimeoutMs: number;
  /** Every sync socket is pinged this often; one that has not answered the previous ping is dropped. */
  socketHeartbeatMs: number;
  /**
   * Public address of this server (OAuth callback, links in emails); null = this server's own address
   * (`linkOrigin`), never a request's Host.
   */
  publicUrl: string | null;
  /** Social sign-in; a provider is off while its id or secret is missing. Base URLs are overridable for tests. */
  google: { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string; userInfoUrl: string };
  facebook: { appId: string; appSecret: string; graphUrl: string };
  /** Outgoing mail (password reset); without smtpUrl, messages are written to DATA_DIR/outbox/. */
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Fastify's trustProxy: false (default) takes the client address from the socket and ignores
   * X-Forwarded-For; true trusts every hop; a string lists the proxies' addresses/CIDRs ('loopback',
   * '10.0.0.0/8,127.0.0.1'). Per-IP limits (sign-in, password reset, writes) need the real client address.
   */
  trustProxy: boolean | string;
  /**
   * Write limits per account and per IP (WRITE_LIMITS in schema/constants.ts), REST and socket alike;
   * null = off (WRITE_LIMITS=off: benchmarks that write faster than any person; never in production).
   */
  writeLimits: WriteLimitTable | null;
  /**
   * The sync socket's message budget and its caps per address and per account (SOCKET_LIMITS in
   * schema/constants.ts); false = off (SOCKET_LIMITS=off: benchmarks that open thousands of sockets from
   * one machine or chat faster than any person; never in production).
   */
  socketLimits: boolean;
  /**
   * Other origins whose browser clients may call the REST API (CORS_ORIGINS, comma-separated, e.g.
   * `https://app.example.ro,http://localhost:3000`); empty (default) = same origin only.
   */
  corsOrigins: string[];
  /** The clock of the write limits and the sync socket's budget; tests pass their own to move time. */
  now: () => number;
  /** DATABASE_URL: postgres://… selects PostgreSQL (lib/pg-backend.ts); null keeps SQLite in dataDir. */
  databaseUrl: string | null;
  /** PG_POOL_MAX: connections of this instance's PostgreSQL pool (default 10). */
  pgPoolMax: number;
  /**
   * SEARCH_WORKERS: worker threads that run SQLite searches, each on its own read-only connection, so a
   * search never holds the event loop that carries the sockets (default: the machine's cores, at least
   * 1, at most 4; 0 = in the main thread, as tests and :memory: databases do). PostgreSQL searches are
   * already off the event loop (the database works, the loop waits).
   */
  searchWorkers: number;
  /**
   * SEARCH_CACHE: first pages and suggestions kept until the catalogue changes (services/search-cache.ts;
   * default 256 answers, 0 = none, as the benchmark's cold figures are measured).
   */
  searchCache: number;
  /**
   * SEARCH_REPLICA: on PostgreSQL, whether this instance's search threads search its own SQLite copy of
   * the catalogue (services/search-replica.ts, DATA_DIR/search-replica.sqlite), kept by a thread of its
   * own. On by default; 'off' searches in PostgreSQL. Needs SEARCH_WORKERS ≥ 1; no effect on SQLite.
   */
  searchReplica: boolean;
  /**
   * How often the spelling vocabulary takes in new announcements' words (ms); 0 = only at start (tests
   * call searchVocab.refresh themselves, so a timer never writes under a test's feet).
   */
  vocabRefreshMs: number;
  /**
   * UPLOAD_DAILY_BUDGET_BYTES: bytes all uploads may add in 24 hours, whoever sends them (issue 40; also
   * bounds a bucket, which has no free space to watch); counted in the database, so instances on one
   * database share it. Past it new files get 507.
   * Default 20 GiB, ~70 busy sellers' worth (schema/rules/upload-quotas.ts); 0 = no budget.
   */
  uploadDailyBudgetBytes: number;
  /**
   * UPLOAD_MIN_FREE_BYTES: new files are refused (507) while the uploads' disk has less free space than
   * this, so a flood cannot fill the disk the database writes to. Default 1 GiB; 0 = not checked.
   */
  uploadMinFreeBytes: number;
};

/**
 * Where links in mail and the Google callback point (issue 40, item 8): PUBLIC_URL, else this server's own
 * listen address (`http://localhost:PORT` when it listens on every interface: a developer's machine).
 * Never a request's Host header: anyone can send `Host: evil.example` and have a real address mailed a
 * link to a page of theirs carrying its one-time token.
 */
export function linkOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host.trim();
  if (host === '' || host === '0.0.0.0' || host === '::') return `http://localhost:${config.port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** PUBLIC_URL: an http(s) address (no trailing slash kept); unset or empty = none. */
function publicUrl(raw: string | undefined): string | null {
  const v = (raw ?? '').trim().replace(/\/+$/, '');
  if (v === '') return null;
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v))
    throw new Error(`PUBLIC_URL invalid: ${raw} (an address such as https://hobbiz.ro)`);
  return v;
}

/** DATABASE_URL: unset or empty keeps SQLite; otherwise a postgres:// or postgresql:// address. */
function databaseUrl(raw: string | undefined): string | null {
  const v = (raw ?? '').trim();
  if (v === '') return null;
  if (!/^postgres(ql)?:\/\//.test(v))
    throw new Error('DATABASE_URL invalid: use postgres://user:password@host:port/db');
  return v;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} invalid: ${raw} (a whole number from 1)`);
  return n;
}

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} invalid: ${raw} (a whole number from 0)`);
  return n;
}

/** WRITE_LIMITS: on by default; 'off' (or 0/false) turns them off. */
function writeLimits(raw: string | undefined): WriteLimitTable | null {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'on') return WRITE_LIMITS;
  if (v === 'off' || v === 'false' || v === '0') return null;
  throw new Error(`WRITE_LIMITS invalid: ${raw} (use off to turn them off)`);
}

/** A switch: on/true/1 or off/false/0; unset = `fallback`. */
function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  const v = (raw ?? '').trim();
  if (v === '') return fallback;
  if (v === 'on' || v === 'true' || v === '1') return true;
  if (v === 'off' || v === 'false' || v === '0') return false;
  throw new Error(`${name} invalid: ${raw} (on or off)`);
}

/** SOCKET_LIMITS: on by default; 'off' (or 0/false) turns them off. */
function socketLimits(raw: string | undefined): boolean {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'on') return true;
  if (v === 'off' || v === 'false' || v === '0') return false;
  throw new Error(`SOCKET_LIMITS invalid: ${raw} (use off to turn them off)`);
}

/** TRUST_PROXY: off by default; 'true' trusts every hop; otherwise a comma list of proxy addresses. */
function trustProxy(raw: string | undefined): boolean | string {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  // A hop count is not offered: Fastify cannot check the nearest peer with it (it trusts nothing then).
  if (/^\d+$/.test(v)) throw new Error(`TRUST_PROXY invalid: ${raw} (use true or the proxy addresses)`);
  return v;
}

/** CORS_ORIGINS: exact origins (scheme, host, optional port), no paths and no '*' (tokens travel here). */
function corsOrigins(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter((s) => s !== '');
  for (const origin of list) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin)
      throw new Error(`CORS_ORIGINS invalid: ${origin} (use origins such as https://app.example.ro)`);
  }
  return list;
}

/** SEARCH_WORKERS: a whole number from 0; unset = the machine's cores, between 1 and 4. */
function searchWorkers(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return Math.min(4, Math.max(1, availableParallelism()));
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 64) throw new Error(`SEARCH_WORKERS invalid: ${raw} (0 to 64)`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT invalid: ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    uploadsDir: env.UPLOADS_DIR ? resolve(env.UPLOADS_DIR) : null,
    s3: s3Config(env),
    vapid: vapidConfig(env),
    pushSender: true,
    pushEndpointAllow: (env.PUSH_ENDPOINT_ALLOW ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== ''),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    socketAuthTimeoutMs: 5000,
    socketHeartbeatMs: 30_000,
    publicUrl: publicUrl(env.PUBLIC_URL),
    google: {
      clientId: env.GOOGLE_CLIENT_ID ?? '',
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
      authUrl: env.GOOGLE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: env.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
      userInfoUrl: env.GOOGLE_USERINFO_URL ?? 'https://openidconnect.googleapis.com/v1/userinfo',
    },
    facebook: {
      appId: env.FACEBOOK_APP_ID ?? '',
      appSecret: env.FACEBOOK_APP_SECRET ?? '',
      graphUrl: (env.FACEBOOK_GRAPH_URL ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
    },
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Hobbiz <no-reply@hobbiz.ro>',
    trustProxy: trustProxy(env.TRUST_PROXY),
    writeLimits: writeLimits(env.WRITE_LIMITS),
    socketLimits: socketLimits(env.SOCKET_LIMITS),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    now: Date.now,
    databaseUrl: databaseUrl(env.DATABASE_URL),
    pgPoolMax: positiveInt('PG_POOL_MAX', env.PG_POOL_MAX, 10),
    searchWorkers: searchWorkers(env.SEARCH_WORKERS),
    searchCache: wholeNumber('SEARCH_CACHE', env.SEARCH_CACHE, 256),
    searchReplica: onOff('SEARCH_REPLICA', env.SEARCH_REPLICA, true),
    vocabRefreshMs: 5_000,
    uploadDailyBudgetBytes: wholeNumber(
      'UPLOAD_DAILY_BUDGET_BYTES',
      env.UPLOAD_DAILY_BUDGET_BYTES,
      20 * 2 ** 30,
    ),
    uploadMinFreeBytes: wholeNumber('UPLOAD_MIN_FREE_BYTES', env.UPLOAD_MIN_FREE_BYTES, 2 ** 30),
  };
}
