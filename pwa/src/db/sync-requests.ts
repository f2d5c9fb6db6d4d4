/**
 * The sync socket's requests waiting for their answer: each has an id and a timeout, and all of them
 * fail together when their socket goes away (RxDB and the outboxes send them again on the next one).
 */

/**
 * A request lost with its connection (closed, never connected, or unanswered in time): it may be sent
 * again on the next socket. Not an answer from the server, which is a plain Error.
 */
export class ConnectionLost extends Error {}

type Pending = {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

export class PendingRequests {
  private pending = new Map<string, Pending>();
  private nextId = 1;

  /**
   * A new request: `send` gets its id; the promise settles with the answer, or with ConnectionLost
   * after `timeoutMs` (then `onTimeout` runs: the socket may be dead without having closed).
   */
  add<T>(timeoutMs: number, send: (id: string) => void, onTimeout: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = String(this.nextId++);
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ConnectionLost('Cererea de sincronizare a expirat'));
        onTimeout();
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      send(id);
    });
  }

  /** The server's answer (`error` set: it refused); an id no longer waiting is ignored. */
  settle(id: string, data: unknown, error?: Error): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    if (error) p.reject(error);
    else p.resolve(data);
  }

  /** The socket closed: every request still waiting is lost with it. */
  loseAll(): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new ConnectionLost('Conexiunea de sincronizare s-a închis'));
      this.pending.delete(id);
    }
  }
}
