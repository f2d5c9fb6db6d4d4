import Fastify from 'fastify';
import app, { serverOptions } from './app.ts';
import { loadConfig } from './config.ts';

// Only reads the configuration and listens; everything else is in app.ts.
const config = loadConfig();
const server = Fastify(serverOptions(config));
await server.register(app, { config });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}

await server.listen({ port: config.port, host: config.host });
