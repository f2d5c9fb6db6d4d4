import { BehaviorSubject, Subject } from 'rxjs';
import { SOCKET_LIMITS } from '../../../schema/constants.ts';
import {
  CLOSE_CODES,
  type ClientMessage,
  COLLECTION_VERSIONS,
  type HeldKind,
  type ServerMessage,
  SYNC_LIMITS,
  SYNC_PATH,
  SYNC_PROTOCOL_VERSION,
} from '../../../schema/sync.ts';
import { ConnectionLost, PendingRequests } from './sync-requests.ts';
import {
  deviceOnline,
  pageVisible,
  type SyncStatus,
  serverAnswers,
  whenOnline,
  whenReady,
} from './sync-wait.ts';

type Request = Extract<ClientMessage, { id: string }>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * One authenticated WebSocket per tab, multiplexing every collection. Requests carry ids and time out;
 * when the socket drops every pending request is rejected (RxDB retries), and each (re)connect
 * announces RESYNC so every collection pulls from its checkpoint.
 *
 * Getting back: socket attempts back off (0.5 s doubling to 30 s), so a server that is down is not
 * hammered; beside them, while the page is visible, GET /api/health is asked every 2 s and a healthy
 * answer connects at once — the app is back within ~2 s of the server, whatever the back-off had grown
 * to. The browser's `online` event and the page becoming visible also connect at once.
 */
export class SyncClient {
  readonly status$ = new BehaviorSubject<SyncStatus>('connecting');
  /** Emits collection names that must pull again (server poke or reconnect). */
  readonly resync$ = new Subject<string[] | 'all'>();
  readonly events$ = new Subject<{ name: string; payload: unknown }>();
  /** The server closed the socket for too many requests: the app waits before it connects again. */
  readonly limited$ = new BehaviorSubject<boolean>(false);

  private socket: WebSocket | null = null;
  private pending = new PendingRequests();
  private retry = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private handshakeTimer: ReturnType<typeof setTimeout> | null = null;
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the current socket was created, and whether it has opened (a refused one never does). */
  private attemptAt = 0;
  private opened = false;
  /** The current attempt was made because the health probe answered. */
  private byProbe = false;
  /**
   * A probe-made attempt failed although the server answered its health check (e.g. a proxy that
   * passes GETs but not the socket): no more probe attempts until the next back-off attempt, so such a
   * server sees at most one extra attempt per back-off period.
   */
  private probeSpent = false;
  private closed = false;
  /** Re-announced after every reconnect: the server keeps it per socket. */
  private viewing: string | null = null;
  /** The search an open listing shows, for its new matches (`listingMatch`); sent again on reconnect. */
  private watched: Record<string, unknown> | null = null;

  constructor(private readonly token: string | null) {
    this.connect();
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.onVisibility);
  }

  private onOnline = () => {
    if (this.status$.value === 'offline') this.reconnectNow();
  };

  /** A page shown again (phone unlocked, tab switched back) does not wait for the back-off. */
  private onVisibility = () => {
    if (pageVisible() && this.status$.value === 'offline') this.reconnectNow();
  };

  /**
   * The device lost its network: a socket may look open for a long while before the browser notices,
   * so it is dropped at once (the status says offline, pending requests fail and RxDB retries later).
   */
  private onOffline = () => {
    const socket = this.socket;
    if (!socket || this.closed) return;
    socket.onclose = null;
    socket.onmessage = null;
    socket.close();
    this.onClose(1006);
  };

  /**
   * No answer in time on a socket that still looks open (a connection lost without a close, e.g. a
   * half-open link): every retry would go into the same dead socket, so it is dropped like a lost
   * network (pending requests fail, the status says offline) and a new one is opened.
   */
  private dropUnanswered(socket: WebSocket | null) {
    if (socket && socket === this.socket) this.onOffline();
  }

  /** Tries to connect now instead of waiting for the back-off (e.g. before a logout). */
  reconnectNow(): void {
    if (this.closed || this.socket || this.status$.value !== 'offline' || this.limited$.value) return;
    this.retry = 0;
    this.scheduleReconnect(0);
  }

  private connect() {
    if (this.closed) return;
    this.status$.next('connecting');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SYNC_PATH}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    this.attemptAt = Date.now();
    this.opened = false;
    // A handshake that never completes is given up like an unanswered request (nothing else may be
    // waiting on it: the replication handlers wait for 'online', not for a request to time out).
    if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
    this.handshakeTimer = setTimeout(() => {
      this.handshakeTimer = null;
      if (this.status$.value === 'connecting') this.dropUnanswered(socket);
    }, SYNC_LIMITS.requestTimeoutMs);
    socket.onopen = () => {
      this.opened = true;
      this.sendRaw({
        type: 'hello',
        token: this.token,
        protocol: SYNC_PROTOCOL_VERSION,
        collections: { ...COLLECTION_VERSIONS },
      });
    };
    socket.onmessage = (ev) => this.onMessage(String(ev.data));
    socket.onclose = (ev) => this.onClose(ev.code);
  }

  private onMessage(raw: string) {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    switch (msg.type) {
      case 'ready':
        this.retry = 0;
        this.byProbe = false;
        this.probeSpent = false;
        this.stopProbing();
        if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
        this.handshakeTimer = null;
        this.limited$.next(false);
        this.status$.next('online');
        if (this.viewing) this.sendRaw({ type: 'viewing', conversationId: this.viewing });
        if (this.watched) this.sendRaw({ type: 'watch', params: this.watched });
        this.resync$.next('all');
        return;
      case 'result':
        this.pending.settle(msg.id, msg.data);
        return;
      case 'error':
        if (msg.code === 'outdated') this.status$.next('outdated');
        if (msg.code === 'unauthorized') this.status$.next('unauthorized');
        if (msg.id) this.pending.settle(msg.id, undefined, new Error(`${msg.code}: ${msg.message}`));
        return;
      case 'poke':
        this.resync$.next(msg.collections);
        return;
      case 'event':
        this.events$.next({ name: msg.name, payload: msg.payload });
        return;
    }
  }

  private onClose(code: number) {
    this.socket = null;
    if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
    this.handshakeTimer = null;
    this.pending.loseAll();
    if (this.closed) return;
    // An outdated client or a revoked session must not hammer the server: no reconnect, and the status
    // says why (the app then asks for a reload, or signs the person out on this device).
    const final =
      code === CLOSE_CODES.outdated ? 'outdated' : code === CLOSE_CODES.unauthorized ? 'unauthorized' : null;
    if (final) {
      this.stopProbing();
      if (this.status$.value !== final) this.status$.next(final);
      return;
    }
    if (code === CLOSE_CODES.rateLimited) {
      // Refused for flooding (SOCKET_LIMITS): one quiet attempt later, no probe, no storm.
      this.stopProbing();
      this.limited$.next(true);
      this.status$.next('offline');
      const wait = SOCKET_LIMITS.reconnectAfterFloodMs * (0.75 + Math.random() / 2);
      this.scheduleReconnect(wait);
      return;
    }
    if (this.limited$.value) this.limited$.next(false);
    if (code === CLOSE_CODES.backlog) {
      // The link did not carry what the server sent (SOCKET_LIMITS.backlog*): the server is up, so no
      // probe; a little later a new socket catches up from the checkpoints and held seqs.
      this.stopProbing();
      this.status$.next('offline');
      this.scheduleReconnect(SOCKET_LIMITS.reconnectAfterBacklogMs * (0.75 + Math.random() / 2));
      return;
    }
    if (this.byProbe) this.probeSpent = true;
    this.byProbe = false;
    this.status$.next('offline');
    this.scheduleReconnect(
      Math.min(SYNC_LIMITS.reconnectMaxMs, 500 * 2 ** this.retry++) * (0.75 + Math.random() / 2),
    );
    this.keepProbing();
  }

  private scheduleReconnect(ms: number) {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.socket) return;
      this.probeSpent = false;
      this.connect();
    }, ms);
  }

  /** Asks the server's health every probeIntervalMs until the socket is authenticated again. */
  private keepProbing() {
    if (this.probeTimer || this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      void this.probe();
    }, SYNC_LIMITS.probeIntervalMs);
  }

  private stopProbing() {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  /** An attempt that has not even opened for stuckAttemptMs (e.g. stuck on a dead route). */
  private stuckAttempt(): WebSocket | null {
    const socket = this.socket;
    const waited = Date.now() - this.attemptAt >= SYNC_LIMITS.stuckAttemptMs;
    return socket && this.status$.value === 'connecting' && !this.opened && waited ? socket : null;
  }

  private async probe() {
    const s = this.status$.value;
    if (this.closed || (s !== 'offline' && s !== 'connecting')) return;
    // Hidden pages do not probe (a phone in a pocket); the `online` and `visibilitychange` events and
    // the back-off take over. A device with no network at all has nothing to ask.
    const worth =
      pageVisible() && deviceOnline() && !this.probeSpent && (!this.socket || this.stuckAttempt());
    if (worth && (await serverAnswers())) {
      const now = this.status$.value;
      // Back meanwhile (a back-off attempt made it), closed, or refused for good: nothing to do.
      if (this.closed || (now !== 'offline' && now !== 'connecting')) return;
      const stuck = this.stuckAttempt();
      if (stuck) {
        stuck.onopen = null;
        stuck.onclose = null;
        stuck.onmessage = null;
        stuck.close();
        this.socket = null;
      }
      if (!this.socket) {
        if (this.retryTimer) clearTimeout(this.retryTimer);
        this.retryTimer = null;
        this.byProbe = true;
        this.connect();
      }
    }
    this.keepProbing();
  }

  private sendRaw(msg: ClientMessage) {
    this.socket?.send(JSON.stringify(msg));
  }

  /**
   * Resolves when the socket is authenticated: at once, or the moment it is back. Rejects when this
   * client is closed or the server refused it for good. The replication handlers wait on it instead of
   * failing while offline, so what was written offline goes out with the first 'ready' instead of at
   * RxDB's next retry.
   */
  whenOnline(): Promise<void> {
    return whenOnline(this.status$);
  }

  /** A request with an id and a timeout; a request made while connecting waits for the handshake. */
  async request<T>(msg: DistributiveOmit<Request, 'id'>): Promise<T> {
    const connecting = this.socket;
    await whenReady(this.status$, () => this.dropUnanswered(connecting));
    const socket = this.socket;
    if (!socket) throw new ConnectionLost('Fără conexiune de sincronizare');
    return this.pending.add<T>(
      SYNC_LIMITS.requestTimeoutMs,
      (id) => this.sendRaw({ ...msg, id } as Request),
      () => this.dropUnanswered(socket),
    );
  }

  /** The conversation on screen (no notification is made for what the user is reading). */
  setViewing(conversationId: string | null): void {
    this.viewing = conversationId;
    if (this.status$.value === 'online') this.sendRaw({ type: 'viewing', conversationId });
  }

  /** The search an open listing shows (null when it closes): the server tells of new matches. */
  watch(params: Record<string, unknown> | null): void {
    this.watched = params;
    if (this.status$.value === 'online') this.sendRaw({ type: 'watch', params });
  }

  /** The device evicted these keys; dropped when offline (a reconnect resends the whole held set). */
  release(keys: Partial<Record<HeldKind, string[]>>): void {
    if (this.status$.value === 'online') this.sendRaw({ type: 'release', keys });
  }

  /** Typing indicator for the other participant; dropped when offline (it is only a hint). */
  sendTyping(conversationId: string, isTyping: boolean): void {
    if (this.status$.value === 'online') this.sendRaw({ type: 'typing', conversationId, isTyping });
  }

  close() {
    this.closed = true;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.onVisibility);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
    this.stopProbing();
    this.socket?.close(1000, 'closed by client');
    this.status$.complete();
    this.resync$.complete();
    this.events$.complete();
  }
}
