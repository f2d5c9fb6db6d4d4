/**
 * The real server (as sync-server/src/server.ts) plus one hello-world route in the same Fastify process,
 * so scripts/bench/server.ts can compare a real route with the cheapest possible one under the same hooks,
 * and a route that makes one real write (to measure while the data changes).
 */
import Fastify from 'fastify';
import app, { serverOptions } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';

const config = loadConfig();
const server = Fastify(serverOptions(config));
await server.register(app, { config });
server.get('/bench/hello', async () => ({ hello: 'world' }));
/**
 * One real write, as a price change takes it: a unit of work, a new seq, a poke after the commit — so the
 * answers cached per data version (popular) are rebuilt. scripts/bench/server.ts calls it while it
 * measures, as a busy marketplace writes.
 */
let nth = 0;
let target: string | null = null;
server.post('/bench/write', async () => {
  target ??= (await server.announcementsRepo.listPublic({}))[0]?.id ?? null;
  const id = target;
  if (!id) return { ok: false };
  await server.uow.write(async (tx) => {
    await server.announcementsRepo.update(id, { price: 100 + (nth++ % 500), seq: tx.seq() });
    tx.publicChanged(['announcements']);
  });
  return { ok: true };
});
await server.listen({ port: config.port, host: config.host });
