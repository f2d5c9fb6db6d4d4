import { BehaviorSubject, Subject } from 'rxjs';
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

export type SyncStatus = 'connecting' | 'online' | 'offline' | 'outdated' | 'unauthorized';

type Pending = {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};
type Request = Extract<ClientMessage, { id: string }>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * One authenticated WebSocket per tab, multiplexing every collection. Requests carry ids and time out;
 * when the socket drops every pending request is rejected (RxDB retries), and each (re)connect
 * announces RESYNC so every collection pulls from its checkpoint.
 */
export class SyncClient {
  readonly status$ = new BehaviorSubject<SyncStatus>('connecting');
  /** Emits collection names that must pull again (server poke or reconnect). */
  readonly resync$ = new Subject<string[] | 'all'>();
  readonly events$ = new Subject<{ name: string; payload: unknown }>();

  private socket: WebSocket | null = null;
  private pending = new Map<string, Pending>();
  private nextId = 1;
  private retry = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** Re-announced after every reconnect: the server keeps it per socket. */
  private viewing: string | null = null;

  constructor(private readonly token: string | null) {
    this.connect();
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
  }

  private onOnline = () => {
    if (this.status$.value === 'offline') this.reconnectNow();
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
    if (this.closed || this.socket || this.status$.value !== 'offline') return;
    this.retry = 0;
    this.scheduleReconnect(0);
  }

  private connect() {
    if (this.closed) return;
    this.status$.next('connecting');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SYNC_PATH}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
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
        this.status$.next('online');
        if (this.viewing) this.sendRaw({ type: 'viewing', conversationId: this.viewing });
        this.resync$.next('all');
        return;
      case 'result': {
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        clearTimeout(p.timer);
        p.resolve(msg.data);
        return;
      }
      case 'error': {
        if (msg.code === 'outdated') this.status$.next('outdated');
        if (msg.code === 'unauthorized') this.status$.next('unauthorized');
        const p = msg.id ? this.pending.get(msg.id) : undefined;
        if (p && msg.id) {
          this.pending.delete(msg.id);
          clearTimeout(p.timer);
          p.reject(new Error(`${msg.code}: ${msg.message}`));
        }
        return;
      }
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
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('Conexiunea de sincronizare s-a închis'));
      this.pending.delete(id);
    }
    if (this.closed) return;
    // An outdated client or a revoked session must not hammer the server: no reconnect, and the status
    // says why (the app then asks for a reload, or signs the person out on this device).
    const final =
      code === CLOSE_CODES.outdated ? 'outdated' : code === CLOSE_CODES.unauthorized ? 'unauthorized' : null;
    if (final) {
      if (this.status$.value !== final) this.status$.next(final);
      return;
    }
    this.status$.next('offline');
    this.scheduleReconnect(Math.min(30_000, 500 * 2 ** this.retry++) * (0.75 + Math.random() / 2));
  }

  private scheduleReconnect(ms: number) {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.socket) this.connect();
    }, ms);
  }

  private sendRaw(msg: ClientMessage) {
    this.socket?.send(JSON.stringify(msg));
  }

  /** Resolves once the socket is authenticated; rejects at once when offline or refused. */
  private whenReady(): Promise<void> {
    const now = this.status$.value;
    if (now === 'online') return Promise.resolve();
    if (now !== 'connecting') return Promise.reject(new Error('Fără conexiune de sincronizare'));
    return new Promise<void>((resolve, reject) => {
      const socket = this.socket;
      const timer = setTimeout(() => {
        sub.unsubscribe();
        reject(new Error('Conectarea pentru sincronizare a expirat'));
        this.dropUnanswered(socket);
      }, SYNC_LIMITS.requestTimeoutMs);
      const sub = this.status$.subscribe((s) => {
        if (s === 'connecting') return;
        clearTimeout(timer);
        queueMicrotask(() => sub.unsubscribe());
        if (s === 'online') resolve();
        else reject(new Error('Fără conexiune de sincronizare'));
      });
    });
  }

  /** A request with an id and a timeout; a request made while connecting waits for the handshake. */
  async request<T>(msg: DistributiveOmit<Request, 'id'>): Promise<T> {
    await this.whenReady();
    return new Promise<T>((resolve, reject) => {
      if (!this.socket) {
        reject(new Error('Fără conexiune de sincronizare'));
        return;
      }
      const id = String(this.nextId++);
      const socket = this.socket;
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('Cererea de sincronizare a expirat'));
        this.dropUnanswered(socket);
      }, SYNC_LIMITS.requestTimeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.sendRaw({ ...msg, id } as Request);
    });
  }

  /** The conversation on screen (no notification is made for what the user is reading). */
  setViewing(conversationId: string | null): void {
    this.viewing = conversationId;
    if (this.status$.value === 'online') this.sendRaw({ type: 'viewing', conversationId });
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
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.socket?.close(1000, 'closed by client');
    this.status$.complete();
    this.resync$.complete();
    this.events$.complete();
  }
}
