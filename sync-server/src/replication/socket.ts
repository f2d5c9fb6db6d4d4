import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_LIMITS } from '../../../schema/constants.ts';
import { ACCOUNT_MESSAGES } from '../../../schema/rules/account.ts';
import {
  CLOSE_CODES,
  COLLECTION_VERSIONS,
  type CollectionName,
  HELD_KINDS,
  type QueryResult,
  type ServerMessage,
  SYNC_MESSAGES,
  SYNC_PATH,
  SYNC_PROTOCOL_VERSION,
} from '../../../schema/sync.ts';
import {
  CLIENT_MESSAGES,
  isClientMessageType,
  MALFORMED_ANSWER,
  readEnvelope,
} from '../../../schema/sync-messages.ts';
import { clientAddress } from '../plugins/write-limits.ts';
import type { FoundRow } from '../repositories/search-page.ts';
import { forCaller } from './collections/announcements.ts';
import { catchUp, type HeldDeps, heldFeed } from './held.ts';
import { HeldRegistry, type HoldRefusal } from './held-registry.ts';
import { ListingWatches } from './listing-watch.ts';
import { backlogOf, sendTo, watchBacklog } from './socket-backlog.ts';
import { heldKeysIn, MessageBudget, SocketCounts, TypingGate } from './socket-budget.ts';
import { collectionRequests } from './socket-collections.ts';
import { LogSampler } from './socket-log.ts';
import type { CollectionHandler, WriteBudget } from './types.ts';

export type SearchPage = {
  rows: FoundRow[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
  correctedQuery?: string;
  partialFrom?: number;
};

/** A search refused: bad parameters (400), or too many at once (429 for the address, 503 for everyone). */
type SearchRefused = { error: string; status?: number };

const SESSION_ENDED = ACCOUNT_MESSAGES.sessionExpired;
/** A message or request slower than this is logged (issue 21: the next slow path shows itself). */
export const SLOW_MS = 100;
/** setTimeout's longest delay (~24.8 days); a longer session is re-checked then and watched again. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Every message to a socket goes through its back-pressure (socket-backlog.ts). */
function send(socket: WebSocket, msg: ServerMessage): void {
  sendTo(socket, JSON.stringify(msg));
}

const INVALID = 'Date de sincronizare invalide.';
const HOLD_REFUSED: Record<Exclude<HoldRefusal, 'too-many'>, string> = {
  'server-full': SYNC_MESSAGES.serverFull,
  'address-full': SYNC_MESSAGES.addressFull,
  'account-full': SYNC_MESSAGES.accountFull,
};
/**
 * A refused hold as the socket's error: more keys than a socket may hold is the client's mistake; a full
 * instance, or an address or account past its share, is 'rate-limited' (the device keeps what it has).
 */
const holdRefusal = (id: string, why: HoldRefusal): ServerMessage =>
  why === 'too-many'
    ? { type: 'error', id, code: 'bad-request', message: INVALID }
    : { type: 'error', id, code: 'rate-limited', message: HOLD_REFUSED[why] };
/**
 * Requests answered with data (catch-ups, search pages, pull batches, push conflicts): not computed while
 * the socket has not taken what it was sent before (socket-backlog.ts).
 */
const ANSWERED_WITH_DATA = new Set(['pull', 'push', 'hold', 'query']);
const SOCKET_FLOOD = SYNC_MESSAGES.refused;
type Envelope = NonNullable<ReturnType<typeof readEnvelope>>;

/**
 * The sync socket. Browsers cannot set headers on a WebSocket, so the first message must be `hello`
 * with the token (or null for a guest); nothing is answered before it, and a silent socket is closed.
 */
export async function syncSocketRoutes(
  app: FastifyInstance,
  opts: {
    collections: Partial<Record<CollectionName, CollectionHandler>>;
    held: HeldDeps;
    /** Server search for `query` requests: the rows of one page, or a Romanian error. */
    search: (
      params: Record<string, unknown>,
      address?: string,
    ) => SearchPage | SearchRefused | Promise<SearchPage | SearchRefused>;
  },
) {
  const registry = new HeldRegistry();
  const watches = new ListingWatches();
  const counts = new SocketCounts();
  /** Bad frames in the log: at most a few lines per address a minute (socket-log.ts, issue 40 L11). */
  const badFrameLog = new LogSampler(app.config.now);
  const feed = heldFeed(opts.held, registry, watches);
  app.hub.onHeldChange(feed.changed);
  // Half-open connections (a phone that lost its network without closing) would otherwise stay in the
  // hub for ever — and a stale 'viewing' would keep suppressing that person's notifications. Browsers
  // answer WebSocket pings by themselves; a socket that missed the previous ping is dropped.
  const answered = new Map<WebSocket, boolean>();
  const heartbeat = setInterval(() => {
    for (const [socket, ok] of answered) {
      // A socket past its soft bound for too long is closed even if nothing is sent to it any more. One
      // past it is not read (socket-backlog.ts), so its pong waits unread too: it is left to the backlog's
      // own rule (closed with 4413, which the app answers by catching up), not dropped as half-open.
      const slow = backlogOf(socket)?.slow() ?? false;
      if (!ok && !slow) {
        socket.terminate();
        continue;
      }
      answered.set(socket, false);
      socket.ping();
    }
  }, app.config.socketHeartbeatMs ?? 30_000);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  app.get(SYNC_PATH, { websocket: true }, (socket, request) => {
    answered.set(socket, true);
    socket.on('pong', () => answered.has(socket) && answered.set(socket, true));
    let userId: string | null = null;
    /** The signed-in socket's session (token hash): re-checked on every request, watched for expiry. */
    let session: string | null = null;
    let expiryTimer: NodeJS.Timeout | undefined;
    let ready = false;
    // Pushes spend the same write budgets as REST (per account and per IP: plugins/write-limits.ts).
    const ip = clientAddress(request.ip);
    const limiter = app.writeLimiter;
    const budget: WriteBudget | undefined = limiter
      ? async (kind) => {
          const verdict = await limiter.take(kind, { userId, ip });
          return verdict.ok ? null : verdict.retryAfterSeconds;
        }
      : undefined;
    // Sockets per address, counted from the upgrade; per account from the hello (socket-budget.ts).
    const entered: string[] = [];
    const limited = app.config.socketLimits;
    const enter = (key: string, max: number) => {
      if (!limited) return true;
      if (!counts.enter(key, max)) return false;
      entered.push(key);
      return true;
    };
    const tooMany = () => {
      send(socket, { type: 'error', code: 'rate-limited', message: SYNC_MESSAGES.tooManySockets });
      socket.close(CLOSE_CODES.rateLimited, 'too many sockets');
    };
    /** A warn line about this address, through the sampler (what it left out is counted in the next). */
    const warn = (fields: Record<string, unknown>, line: string) => {
      const taken = badFrameLog.take(ip);
      if (taken) app.log.warn({ ip, ...fields, ...(taken.skipped ? { skipped: taken.skipped } : {}) }, line);
    };
    // Back-pressure (socket-backlog.ts): every send looks at what the client has not taken yet.
    const backlog = watchBacklog(socket, app.config.now, (why, bytes) =>
      warn({ userId, why, bytes }, 'sync socket closed: the client does not read what it is sent'),
    );
    /** Bad frames of this socket: the first is logged, the others counted in one line as it closes. */
    let badFrames = 0;
    const badFrame = (reason: string, type?: string) => {
      badFrames += 1;
      if (badFrames === 1) warn({ userId, reason, ...(type ? { type } : {}) }, 'bad sync frame');
    };
    /** The line counting the rest, once: when we close the socket, or when it closes. */
    let counted = false;
    const countBadFrames = () => {
      if (badFrames > 1 && !counted)
        warn({ userId, count: badFrames - 1 }, 'more bad sync frames on this socket');
      counted = true;
    };
    // A frame ws itself refuses (bad opcode, bad UTF-8, past maxPayload): ws closes the socket.
    socket.on('error', (err: Error & { code?: string }) => badFrame(err.code ?? 'error'));
    const requests = collectionRequests({
      collections: opts.collections,
      log: app.log,
      send: (msg) => send(socket, msg),
    });
    const authTimer = setTimeout(() => {
      if (!ready) socket.close(CLOSE_CODES.authTimeout, 'authentication timeout');
    }, app.config.socketAuthTimeoutMs);

    socket.on('close', () => {
      countBadFrames();
      for (const key of entered.splice(0)) counts.leave(key);
      answered.delete(socket);
      registry.remove(socket);
      watches.remove(socket);
      clearTimeout(authTimer);
      clearTimeout(expiryTimer);
      app.hub.remove(socket);
    });

    /** The session ended (expired, or revoked by a path that did not close us): nothing more is served. */
    const sessionEnded = (id?: string) => {
      send(socket, { type: 'error', ...(id ? { id } : {}), code: 'unauthorized', message: SESSION_ENDED });
      socket.close(CLOSE_CODES.unauthorized, 'session ended');
    };
    /** Closes the socket when its session expires, even if it never asks for anything again. */
    const watchExpiry = (expiresAt: number) => {
      const wait = Math.min(Math.max(expiresAt - Date.now(), 1000), MAX_TIMER_MS);
      expiryTimer = setTimeout(async () => {
        try {
          if (session && (await app.sessionsRepo.isLive(session))) watchExpiry(expiresAt);
          else sessionEnded();
        } catch (err) {
          app.log.error({ err }, 'session expiry check failed');
        }
      }, wait);
      expiryTimer.unref();
    };

    // One message at a time, in the order they came (a pull waits for the hello before it, as before the
    // handlers became asynchronous). Each is weighed against the socket's budget as it arrives, before it
    // waits: a burst is refused at the cost of reading its envelope (socket-budget.ts).
    let queue: Promise<void> = Promise.resolve();
    // The configured clock (tests move it instead of waiting), as the write limits use.
    const messageBudget = new MessageBudget(app.config.now);
    let flooded = false;
    const typingGate = new TypingGate(app.config.now);
    if (!enter(`ip:${ip}`, SOCKET_LIMITS.perAddress)) {
      warn({}, 'sync socket refused: too many from this address');
      return tooMany();
    }
    /** A flood (refusals in a row, bad frames included): closed, and what it still sends is dropped unread. */
    const closeFlooded = () => {
      flooded = true;
      countBadFrames();
      warn({ userId }, 'sync socket closed: too many messages');
      backlog.close(CLOSE_CODES.rateLimited, 'too many messages');
    };
    /**
     * A request refused before it is served (over budget, or the socket slow to read): counted, so a
     * socket refused 50 times in a row is closed (SOCKET_LIMITS.refusalsBeforeClose).
     */
    const refuse = (id: string | undefined, message: string) => {
      if (limited && messageBudget.refuse() === 'close') return closeFlooded();
      send(socket, { type: 'error', ...(id ? { id } : {}), code: 'rate-limited', message });
    };
    socket.on('message', (raw) => {
      if (flooded || backlog.closing) return;
      const envelope = readEnvelope(String(raw));
      if (!envelope) {
        badFrame('not a message');
        return socket.close(CLOSE_CODES.protocolError, 'bad message');
      }
      // A client that has not taken what it asked before is not served more (socket-backlog.ts); one
      // slow for too long is closed here too.
      const slow = backlog.slow();
      if (backlog.closing) return;
      if (slow && ANSWERED_WITH_DATA.has(envelope.type)) return refuse(envelope.id, SYNC_MESSAGES.backlog);
      const verdict = limited ? messageBudget.take(envelope.type, heldKeysIn(envelope.data)) : 'ok';
      if (verdict === 'close') return closeFlooded();
      if (verdict === 'refuse') {
        const id = envelope.id ? { id: envelope.id } : {};
        return send(socket, { type: 'error', ...id, code: 'rate-limited', message: SOCKET_FLOOD });
      }
      queue = queue.then(
        () => timedHandle(envelope),
        () => timedHandle(envelope),
      );
      queue.catch((err) => {
        app.log.error({ err }, 'sync message failed');
        socket.close(CLOSE_CODES.protocolError, 'server error');
      });
    });

    /** Every message that takes longer than SLOW_MS is logged with its shape (no content, no person). */
    async function timedHandle(envelope: Envelope): Promise<void> {
      const t0 = performance.now();
      try {
        await handle(envelope);
      } finally {
        const ms = performance.now() - t0;
        if (ms > SLOW_MS)
          app.log.warn(
            { type: envelope.type, keys: heldKeysIn(envelope.data), ms: Math.round(ms) },
            'slow sync message',
          );
      }
    }

    async function handle(envelope: Envelope): Promise<void> {
      if (!ready) {
        if (envelope.type !== 'hello') return socket.close(CLOSE_CODES.unauthorized, 'hello expected');
        clearTimeout(authTimer);
        const hello = CLIENT_MESSAGES.hello.safeParse(envelope.data);
        // A token that is no string is a refused token; any other malformed hello is an outdated client.
        const badToken = !hello.success && hello.error.issues.every((i) => i.path[0] === 'token');
        const outdated =
          !badToken &&
          (!hello.success ||
            hello.data.protocol !== SYNC_PROTOCOL_VERSION ||
            Object.entries(hello.data.collections).some(
              ([name, v]) => COLLECTION_VERSIONS[name as CollectionName] !== v,
            ));
        if (outdated) {
          send(socket, {
            type: 'error',
            code: 'outdated',
            message: 'Aplicația trebuie actualizată. Reîncarcă pagina.',
          });
          return socket.close(CLOSE_CODES.outdated, 'outdated client');
        }
        const token = hello.success ? hello.data.token : null;
        if (badToken || token) {
          const live = token ? await app.sessionsRepo.session(token) : null;
          if (!live) {
            send(socket, { type: 'error', code: 'unauthorized', message: SESSION_ENDED });
            return socket.close(CLOSE_CODES.unauthorized, 'unauthorized');
          }
          if (!enter(`user:${live.userId}`, SOCKET_LIMITS.perAccount)) return tooMany();
          userId = live.userId;
          session = live.tokenHash;
          watchExpiry(live.expiresAt);
        }
        // Closed while its session was looked up: nothing may keep it in the hub.
        if (socket.readyState !== socket.OPEN) return;
        ready = true;
        app.hub.add(socket, userId, session);
        return send(socket, { type: 'ready', userId });
      }

      // A signed-in socket's session is checked again on every request (one primary-key lookup).
      if (session && !(await app.sessionsRepo.isLive(session))) {
        return sessionEnded(envelope.id);
      }

      if (!isClientMessageType(envelope.type) || envelope.type === 'hello') {
        return socket.close(CLOSE_CODES.protocolError, 'unknown message');
      }
      // A hold that must grow a share already full is refused before its keys are parsed (item 10):
      // 50 sockets of one address sending 4,000 keys each cost a JSON parse each, not a catch-up.
      if (envelope.type === 'hold' && envelope.id) {
        const full = registry.shareFull(socket, userId, ip, heldKeysIn(envelope.data));
        if (full) return send(socket, holdRefusal(envelope.id, full));
      }
      const parsed = CLIENT_MESSAGES[envelope.type].safeParse(envelope.data);
      if (!parsed.success) {
        // Counted as a refusal: a socket that sends only bad frames is closed like a flood.
        badFrame('malformed', envelope.type);
        if (limited && messageBudget.bad() === 'close') return closeFlooded();
        if (MALFORMED_ANSWER[envelope.type] === 'ignore') return;
        // A request for an unknown or read-only collection, or a guest's, is answered as before its shape.
        const refused = requests.guard(envelope.type, envelope.data.collection, userId);
        const answer = refused ?? { code: 'bad-request' as const, message: INVALID };
        return send(socket, { type: 'error', ...(envelope.id ? { id: envelope.id } : {}), ...answer });
      }
      const msg = parsed.data;
      messageBudget.good();
      // Checked again when its turn comes: a request whose answer could not be sent is not computed.
      if (ANSWERED_WITH_DATA.has(msg.type) && backlog.slow()) {
        return refuse('id' in msg ? msg.id : undefined, SYNC_MESSAGES.backlog);
      }

      if (msg.type === 'pull') return requests.pull(msg, userId);
      if (msg.type === 'push') return requests.push(msg, userId, budget);

      // Changes committed before this message but not yet fed go to the current holders first: a socket
      // holding a key now gets them once, from its catch-up or its search page, not again as an event.
      if (msg.type === 'hold' || msg.type === 'query') await feed.flush();
      // A socket closed meanwhile is out of the registry: holding keys for it would keep it there.
      if (socket.readyState !== socket.OPEN) return;

      if (msg.type === 'hold') {
        const keys = msg.keys;
        const own = msg.own === true && userId !== null;
        const refused = registry.hold(socket, userId, keys, {
          replace: msg.replace === true,
          own,
          address: ip,
        });
        if (refused) return send(socket, holdRefusal(msg.id, refused));
        // Registered before the read: a change committed from now on reaches this socket (from the feed, and
        // possibly from this catch-up as well, when it commits while the catch-up reads).
        const data = await catchUp(opts.held, userId, keys, own);
        return send(socket, { type: 'result', id: msg.id, data });
      }
      if (msg.type === 'release') {
        for (const kind of HELD_KINDS) registry.release(socket, kind, msg.keys[kind] ?? []);
        return;
      }
      if (msg.type === 'query') {
        const page = await opts.search(msg.params, ip);
        if ('error' in page) {
          const code = page.status === 429 || page.status === 503 ? 'rate-limited' : 'bad-request';
          return send(socket, { type: 'error', id: msg.id, code, message: page.error });
        }
        if (socket.readyState !== socket.OPEN) return;
        const ids = page.rows.map((r) => r.id);
        const keys = { announcements: ids.map((id): [string, number] => [id, 0]) };
        // A full share of held keys (the instance's, the address's behind a carrier NAT, the account's)
        // withholds live updates, never the search itself: the page is answered, its ids just not held.
        registry.hold(socket, userId, keys, { replace: false, own: false, address: ip });
        const data: QueryResult = {
          items: page.rows.map((r) => ({ doc: forCaller(r, { userId }), seq: r.seq })),
          nextCursor: page.nextCursor,
          total: page.total,
          totalCapped: page.totalCapped,
          ...(page.correctedQuery === undefined ? {} : { correctedQuery: page.correctedQuery }),
          ...(page.partialFrom === undefined ? {} : { partialFrom: page.partialFrom }),
        };
        return send(socket, { type: 'result', id: msg.id, data });
      }

      if (msg.type === 'watch') {
        watches.set(socket, msg.params);
        return;
      }
      if (msg.type === 'viewing') {
        if (userId) app.hub.setViewing(socket, msg.conversationId);
        return;
      }
      if (msg.type === 'typing') {
        if (userId && typingGate.pass(msg)) {
          await app.messaging.typing(userId, msg.conversationId, msg.isTyping === true);
        }
        return;
      }
    }
  });
}
