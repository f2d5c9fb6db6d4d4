import type { FastifyRequest } from 'fastify';
import { SOCKET_LIMITS } from '../../../schema/constants.ts';

/**
 * Bad frames in the log (issue 40, L11): each was written at error level with its stack, so a client
 * sending bad frames on socket after socket wrote the log as fast as it could send. A bad frame is the
 * client's mistake, not the server's: socket.ts writes it at warn, without a stack, once per socket
 * (the rest counted in one line as it closes), and through this sampler, which lets at most
 * `perKey` lines per address and `total` in all through per window; what it left out is counted in the
 * next line written.
 */
export class LogSampler {
  private windowStart: number;
  private readonly lines = new Map<string, number>();
  private written = 0;
  private skipped = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits = {
      perKey: SOCKET_LIMITS.badFrameLogsPerAddress,
      total: SOCKET_LIMITS.badFrameLogs,
      windowMs: SOCKET_LIMITS.badFrameLogWindowMs,
    },
  ) {
    this.windowStart = now();
  }

  /** Null: leave this line out. Otherwise write it, with how many were left out before it. */
  take(key: string): { skipped: number } | null {
    const t = this.now();
    if (t - this.windowStart >= this.limits.windowMs) {
      this.windowStart = t;
      this.lines.clear();
      this.written = 0;
    }
    const n = this.lines.get(key) ?? 0;
    if (n >= this.limits.perKey || this.written >= this.limits.total) {
      this.skipped += 1;
      return null;
    }
    // At most `total` keys a window: the map stays small whatever the number of addresses.
    this.lines.set(key, n + 1);
    this.written += 1;
    const skipped = this.skipped;
    this.skipped = 0;
    return { skipped };
  }
}

/** An error `ws` raised for a frame the client sent (bad opcode, bad UTF-8, too large…): WS_ERR_*. */
export const isClientFrameError = (err: unknown): boolean =>
  typeof (err as { code?: unknown })?.code === 'string' &&
  (err as { code: string }).code.startsWith('WS_ERR_');

/**
 * @fastify/websocket's error handler (app.ts): a client's bad frame is logged by the sync socket, sampled
 * (ws closes the socket by itself); anything else (a handler that threw) is the server's error, as before.
 */
export function socketErrorHandler(err: Error, _socket: unknown, request: FastifyRequest): void {
  if (isClientFrameError(err)) return;
  request.log.error({ err }, 'websocket handler failed');
}
