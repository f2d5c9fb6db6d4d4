import { healthAnswer } from '../../../../schema/api/health.ts';
import type { Api } from '../../lib/route-schema.ts';

const health = { response: { 200: healthAnswer } };

export default async function healthRoutes(app: Api) {
  app.get('/api/health', { schema: health }, async () => {
    // Reading a counter proves the database answers (it throws, hence a 500, when it does not).
    await app.counters.get('seq');
    // How many sync sockets this instance holds: tells an operator (and the cluster test) where
    // sockets landed behind a load balancer. A count only, nothing about who.
    return { ok: true as const, sockets: app.hub.size };
  });
}
