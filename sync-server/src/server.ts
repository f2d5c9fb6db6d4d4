import { Server } from 'node:net';
import Fastify from 'fastify';
import app, { serverOptions } from './app.ts';
import { loadConfig } from './config.ts';

// Only reads the configuration and listens; everything else is in app.ts.
const config = loadConfig();
const server = Fastify(serverOptions(config));
await server.register(app, { config });

/**
 * Stopping (SIGTERM from a rolling restart, Ctrl+C): first stop accepting connections — a load balancer's
 * next attempt is refused and goes to another instance — and serve for a moment what already arrived on
 * accepted ones; then close (sockets, database). net.Server's close keeps accepted connections, where
 * http.Server's (which fastify.close calls) destroys idle ones at once: a request nginx had just written
 * on one was lost (a 502, or fastify's 503 while closing).
 */
const DRAIN_MS = 1000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    Server.prototype.close.call(server.server);
    setTimeout(() => {
      void server.close().then(() => process.exit(0));
    }, DRAIN_MS);
  });
}

await server.listen({ port: config.port, host: config.host });
