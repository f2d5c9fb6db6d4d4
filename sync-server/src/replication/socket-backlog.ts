import type { WebSocket } from 'ws';
import { SOCKET_LIMITS } from '../../../schema/constants.ts';
import { CLOSE_CODES } from '../../../schema/sync.ts';

/**
 * Back-pressure on the sync socket (issue 40, item 2). `ws` keeps in memory what the network has not
 * taken yet (`bufferedAmount`: its own queue and the connection's write queue); a client that stops
 * reading made it grow with every answer it asked for and every live change (10 such sockets: +1.8 GB in
 * a minute). Every send to a sync socket goes through `sendTo`, which looks at it first:
 * - past SOCKET_LIMITS.backlogSoftBytes the socket is slow: the server stops reading it (its requests wait
 *   in the kernel's buffers, unparsed and not computed, and its sends block once those are full) until what
 *   was sent drains below the bound; requests already read are refused ('rate-limited', socket.ts); live
 *   changes still go;
 * - past backlogHardBytes, or slow for longer than backlogSlowMs, nothing more is queued: the socket is
 *   closed with CLOSE_CODES.backlog. The live changes dropped are not lost: the app reconnects a little
 *   later and catches up from its checkpoints (pull) and its held seqs (hold with replace).
 * A socket closed while slow is dropped backlogCloseGraceMs later if its client has not read up to the
 * close frame (ws would otherwise keep it, and its bytes, 30 s). What the kernel buffers for a
 * connection (a few MB at most) is outside the process and bounded by the system.
 */
export class Backlog {
  /** When the socket went past the soft bound (the configured clock), null while under it. */
  private slowSince: number | null = null;
  /** Closed for its backlog or after its flood: nothing more is queued. */
  closing = false;
  /** Not read while it does not read (socket.pause()); read again once its backlog drains. */
  private paused = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly now: () => number = Date.now,
    /** Told once when the socket is closed for its backlog (socket.ts logs it). */
    private readonly onOverflow: (why: 'full' | 'slow', bytes: number) => void = () => undefined,
  ) {}

  get bytes(): number {
    return this.socket.bufferedAmount;
  }

  /**
   * Whether the socket is past the soft bound (requests that answer with data are not served); closes
   * it when past the hard bound or slow for too long. Called on every send, message and heartbeat.
   */
  slow(): boolean {
    if (this.closing) return true;
    const bytes = this.bytes;
    if (bytes > SOCKET_LIMITS.backlogHardBytes) return this.overflow('full', bytes);
    if (bytes <= SOCKET_LIMITS.backlogSoftBytes) {
      this.slowSince = null;
      if (this.paused) {
        this.paused = false;
        this.socket.resume();
      }
      return false;
    }
    const t = this.now();
    this.slowSince ??= t;
    if (t - this.slowSince > SOCKET_LIMITS.backlogSlowMs) return this.overflow('slow', bytes);
    if (!this.paused) {
      this.paused = true;
      this.socket.pause();
    }
    return true;
  }

  /** After each write has gone to the network: a paused socket whose backlog drained is read again. */
  private readonly written = () => {
    if (this.paused && !this.closing) this.slow();
  };

  /** Queues one message, unless the socket is closing or this would go past what it may keep. */
  send(raw: string): boolean {
    if (this.socket.readyState !== this.socket.OPEN || this.closing) return false;
    if (this.bytes > SOCKET_LIMITS.backlogHardBytes) {
      this.overflow('full', this.bytes);
      return false;
    }
    this.socket.send(raw, this.written);
    // Starts the clock (and stops reading) of a socket that just went past the soft bound.
    this.slow();
    return true;
  }

  /**
   * Closes with `code`; a client that has not read what was queued before the close frame is dropped
   * after a grace (it would see the code only once it read everything before it).
   */
  close(code: number, reason: string): void {
    this.closing = true;
    if (this.socket.readyState === this.socket.CLOSED) return;
    this.socket.close(code, reason);
    // A client that is not read, or has not read, would not complete the closing handshake.
    if (!this.paused && this.bytes <= SOCKET_LIMITS.backlogSoftBytes) return;
    const socket = this.socket;
    setTimeout(() => {
      if (socket.readyState !== socket.CLOSED) socket.terminate();
    }, SOCKET_LIMITS.backlogCloseGraceMs).unref();
  }

  private overflow(why: 'full' | 'slow', bytes: number): true {
    if (!this.closing) {
      this.onOverflow(why, bytes);
      this.close(CLOSE_CODES.backlog, why === 'full' ? 'backlog full' : 'backlog not read');
    }
    return true;
  }
}

/** The back-pressure of each sync socket (socket.ts makes one per socket as it opens). */
const backlogs = new WeakMap<WebSocket, Backlog>();

export function watchBacklog(
  socket: WebSocket,
  now?: () => number,
  onOverflow?: (why: 'full' | 'slow', bytes: number) => void,
): Backlog {
  const b = new Backlog(socket, now, onOverflow);
  backlogs.set(socket, b);
  return b;
}

export const backlogOf = (socket: WebSocket): Backlog | undefined => backlogs.get(socket);

/**
 * The one way a message reaches a sync socket (answers, pokes, events, held changes): through its
 * back-pressure when it has one. False when it was not queued (closed, closing, or over its bound).
 */
export function sendTo(socket: WebSocket, raw: string): boolean {
  const b = backlogs.get(socket);
  if (b) return b.send(raw);
  if (socket.readyState !== socket.OPEN) return false;
  socket.send(raw);
  return true;
}
