import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { PLUGIN_TIMEOUT_MS, serverOptions } from './app.ts';
import { loadConfig } from './config.ts';

/**
 * Issue 45 item 19: `npm start` died on a busy machine ('Plugin did not start in time:
 * @fastify/swagger-ui'). The server's options carry no plugin start timeout, so a slow start waits.
 */
describe('starting on a slow machine', () => {
  it('has no plugin start timeout', () => {
    const opts = serverOptions(loadConfig({}));
    expect(PLUGIN_TIMEOUT_MS).toBe(0);
    expect(opts.pluginTimeout).toBe(0);
  });

  it('waits for a plugin slower than a tight timeout would allow (Fastify reads the option)', async () => {
    // With the same options but a 50 ms timeout, this 200 ms plugin fails the start; with ours it does not.
    const slow = fp(async () => {
      await new Promise((r) => setTimeout(r, 200));
    });
    const tight = Fastify({ ...serverOptions(loadConfig({})), logger: false, pluginTimeout: 50 });
    tight.register(slow);
    await expect(tight.ready()).rejects.toThrow(/did not start in time/);
    const ours = Fastify({ ...serverOptions(loadConfig({})), logger: false });
    await ours.register(slow);
    await expect(ours.ready()).resolves.toBeDefined();
    await ours.close();
  });
});
