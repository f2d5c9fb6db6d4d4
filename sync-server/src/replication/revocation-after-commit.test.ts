import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../../schema/sync.ts';
import { hashToken } from '../repositories/sessions.ts';
import { buildTestApp, registerAndLogin } from '../test-helper.ts';
import { connectedClient } from './test-client.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

/**
 * A revocation closes sockets once it has committed (it travels on the real-time bus, and another
 * instance can only see committed sessions): a revocation inside a unit that rolls back closes nothing.
 */
describe('socket closing waits for the revocation’s commit', () => {
  it('a revocation rolled back with its asynchronous unit leaves the socket open', async () => {
    const me = await registerAndLogin(app);
    const c = await connectedClient(app, me.token);
    let closed: number | null = null;
    c.closed.then((code) => {
      closed = code;
    });
    const unit = app.uow.write(async () => {
      await app.sessionsRepo.revoke(me.token);
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('rolled back');
    });
    await expect(unit).rejects.toThrow('rolled back');
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBeNull();
    expect(await app.sessionsRepo.isLive(hashToken(me.token))).toBe(true);

    await app.uow.write(async () => {
      await app.sessionsRepo.revoke(me.token);
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(await c.closed).toBe(CLOSE_CODES.unauthorized);
  });
});
