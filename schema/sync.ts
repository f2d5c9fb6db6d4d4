/**
 * The sync protocol spoken over the one WebSocket at /api/sync. Every collection is multiplexed on it;
 * requests carry an id, answers echo it. Server-owned ordering (`seq`) lives in the checkpoint only.
 */
import type { AnnouncementDoc } from './entities.ts';
export const SYNC_PATH = '/api/sync';
/** 2: announcements, profiles and reviews are held per device (hold/release/query), no longer pulled. */
export const SYNC_PROTOCOL_VERSION = 2;

/** RxDB schema version of every replicated collection; a mismatch means an outdated client. */
export const COLLECTION_VERSIONS = {
  announcements: 0,
  favorites: 0,
  drafts: 0,
  reviews: 0,
  profiles: 0,
  conversations: 0,
  /** 1: fileName (the attachment's name). */
  messages: 1,
  notifications: 0,
} as const;
export type CollectionName = keyof typeof COLLECTION_VERSIONS;

export const SYNC_LIMITS = {
  /** Largest pull batch the server serves; bigger requests are clamped. */
  maxBatchSize: 1000,
  defaultBatchSize: 100,
  maxPushRows: 100,
  requestTimeoutMs: 15_000,
  authTimeoutMs: 5000,
  /** Socket attempts after a loss wait 0.5 s, doubling up to this (±25 % jitter). */
  reconnectMaxMs: 30_000,
  /**
   * While the socket is down and the page is visible, the client asks GET /api/health this often (one
   * tiny request, answered without the socket's handshake) and reconnects as soon as it answers.
   */
  probeIntervalMs: 1500,
  probeTimeoutMs: 1500,
  /** A socket attempt not open after this long is dropped for a new one once the health probe answers. */
  stuckAttemptMs: 2000,
} as const;

/** What a device shows when the server refuses its socket (SOCKET_LIMITS). */
export const SYNC_MESSAGES = {
  tooManyRequests: 'Prea multe cereri · reîncercăm în curând',
  /** The socket error 'rate-limited' for a message over the socket's budget. */
  refused: 'Prea multe cereri într-un timp scurt. Încearcă din nou peste câteva secunde.',
  /** Refused at connection: too many sockets from this address or for this account. */
  tooManySockets: 'Prea multe conexiuni deschise. Închide câteva file ale aplicației și reîncearcă.',
  /** A hold past the instance's total (HELD_LIMITS.maxKeysPerServer): 'rate-limited'. */
  serverFull: 'Serverul este foarte solicitat acum. Actualizările vin din nou în curând.',
  /** A hold past the share of one network address (HELD_LIMITS.maxKeysPerAddress): 'rate-limited'. */
  addressFull:
    'Din rețeaua ta se urmăresc prea multe anunțuri în același timp. Actualizările vin din nou în curând.',
  /** A hold past the share of one account (HELD_LIMITS.maxKeysPerAccount): 'rate-limited'. */
  accountFull:
    'Ai prea multe file sau dispozitive deschise. Închide câteva și actualizările vin din nou în curând.',
  /** A request refused while the device has not yet received what it asked before (SOCKET_LIMITS.backlog*). */
  backlog: 'Conexiunea nu ține pasul cu datele trimise. Reîncercăm în curând.',
} as const;

/** WebSocket close codes (4000–4999 are free for applications). */
export const CLOSE_CODES = {
  unauthorized: 4401,
  outdated: 4426,
  authTimeout: 4408,
  protocolError: 4400,
  /** Too many messages (SOCKET_LIMITS), or too many sockets from one address or account. */
  rateLimited: 4429,
  /**
   * The device did not take what was sent to it (SOCKET_LIMITS.backlog*): live changes may have been
   * dropped, so it reconnects a little later and catches up from its checkpoints and held seqs.
   */
  backlog: 4413,
} as const;

export type SyncCheckpoint = { seq: number };
export type WithDeleted<T> = T & { _deleted: boolean };
export type PullResult<T> = {
  documents: WithDeleted<T>[];
  checkpoint: SyncCheckpoint | null;
};
export type PushRow<T> = { newDocumentState: WithDeleted<T>; assumedMasterState?: WithDeleted<T> };

/**
 * The working set (issue 11): a device holds the public documents it has shown, not the catalogue.
 * Announcements and profiles are held by id, reviews by the person they are about. Each key carries the
 * `seq` of the copy the device has (0: none), so a catch-up sends only what changed since.
 */
export const HELD_KINDS = ['announcements', 'profiles', 'reviews'] as const;
export type HeldKind = (typeof HELD_KINDS)[number];
export type HeldKeys = Partial<Record<HeldKind, [key: string, seq: number][]>>;
/** A document with its server order. For reviews `key` is the person reviewed; otherwise the id. */
export type HeldDoc<T = { id: string } & Record<string, unknown>> = { doc: WithDeleted<T>; seq: number };
export type HeldDocs = Partial<Record<HeldKind, HeldDoc[]>> & {
  /** Review subjects whose every review was sent (the device drops the others it holds for them). */
  reviewsReset?: string[];
  /**
   * A catch-up is complete up to this seq for the review subjects it was asked about: the device keeps it
   * as their seq (a person whose reviews are all older than the purge horizon is not sent in full again).
   */
  upTo?: number;
};
export const HELD_LIMITS = {
  /**
   * Keys of one kind one socket may hold (pinned ones included); more is a bad request. What a person
   * sees: the device keeps WORKING_SET (1,500 announcements) besides the pinned ones (favourites, their
   * own announcements, conversations).
   */
  maxKeysPerKind: 4000,
  /** Keys in one hold message. */
  maxKeysPerMessage: 5000,
  /**
   * Keys held by all the sockets of one server instance together (a key held by two sockets counts
   * twice): the memory of the working sets is bounded by this, not by how many sockets connect (issue
   * 21, item 3). ~150 bytes each in the registry: 2,000,000 ≈ 300 MB. Past it a hold is answered
   * 'rate-limited' (the device keeps what it has and tries later).
   */
  maxKeysPerServer: 2_000_000,
  /**
   * The instance's keys are shared (issue 40, item 10): one network address (IPv4, IPv6 /64) holds at
   * most 2 % of them (40,000: ~15 devices with a full working set, 2,250 keys + pinned ones, behind one
   * home, office or carrier NAT), one account 1 % (20,000: eight full tabs or devices). Past a share that
   * address's or account's holds are answered 'rate-limited' while everyone else's are still served; it
   * takes 50 addresses, not 4, to fill an instance.
   */
  maxKeysPerAddress: 40_000,
  maxKeysPerAccount: 20_000,
} as const;

/** A page of server search results; the documents are held by the socket that asked. */
export type QueryResult = {
  items: HeldDoc<AnnouncementDoc>[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
  /** As the REST search page (schema/api/announcements.ts): the corrected spelling searched. */
  correctedQuery?: string;
  /** Where the announcements holding only some of the words begin in `items`. */
  partialFrom?: number;
};

/** What a device sends: one zod schema per message type in schema/sync-messages.ts. */
export type { ClientMessage } from './sync-messages.ts';

/**
 * 'rate-limited': a push went past the caller's write limits (WRITE_LIMITS); the rows before the refused
 * one are written, the rest are not, and the device retries the batch later (its written rows are then
 * idempotent). The `writeLimited` event carries the Romanian reason for the person.
 */
export type SyncErrorCode =
  | 'unauthorized'
  | 'outdated'
  | 'bad-request'
  | 'forbidden'
  | 'unknown-collection'
  | 'rate-limited';

export type ServerMessage =
  | { type: 'ready'; userId: string | null }
  | { type: 'result'; id: string; data: unknown }
  | { type: 'error'; id?: string; code: SyncErrorCode; message: string }
  /** Something changed in these collections: pull from your checkpoint (the client emits RESYNC). */
  | { type: 'poke'; collections: string[] }
  | { type: 'event'; name: string; payload: unknown };
/** Changes to held documents arrive as the event `held` with HeldDocs as payload. */
export const HELD_EVENT = 'held';
/**
 * An open listing's search (sent with `watch`) now matches these announcements (new ones, or changed
 * into it): the event `listingMatch` with `{ ids: string[] }` as payload.
 */
export const LISTING_EVENT = 'listingMatch';

/** Pushed rows the server refused, with the reason in Romanian (sent as the `syncRejected` event). */
export type SyncRejection = { collection: string; id: string; error: string };

/** A push refused for the write limits (sent as the `writeLimited` event): nothing is lost, it goes later. */
export type SyncWriteLimited = { collection: string; error: string; retryAfterSeconds: number };
export const WRITE_LIMITED_EVENT = 'writeLimited';
