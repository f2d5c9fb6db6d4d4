/**
 * The real server (as sync-server/src/server.ts) plus one hello-world route in the same Fastify process,
 * so scripts/bench/server.ts can compare a real route with the cheapest possible one under the same hooks.
 */
import Fastify from 'fastify';
import app, { serverOptions } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';

const config = loadConfig();
const server = Fastify(serverOptions(config));
await server.register(app, { config });
server.get('/bench/hello', async () => ({ hello: 'world' }));
await server.listen({ port: config.port, host: config.host });
