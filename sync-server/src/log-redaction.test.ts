import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, serverOptions } from './app.ts';
import { loadConfig } from './config.ts';

/** Issue 21, item 6: a session token or one-time code in a URL never reaches the log. */
describe('request log', () => {
  it('redacts token, code and state parameters', () => {
    expect(redactUrl('/oauth-success?token=abc.def&x=1')).toBe('/oauth-success?token=[redacted]&x=1');
    expect(redactUrl('/api/auth/google/callback?state=s1&code=c2')).toBe(
      '/api/auth/google/callback?state=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/anunturi?q=token')).toBe('/anunturi?q=token');
  });

  it('the server’s own request lines carry the redacted URL', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const opts = serverOptions({ ...loadConfig({}), logLevel: 'info' });
    const app = Fastify({ ...opts, logger: { ...(opts.logger as object), stream } });
    app.get('/oauth-success', async () => 'ok');
    await app.inject({ method: 'GET', url: '/oauth-success?token=secret-token-value' });
    await app.close();
    const all = lines.join('');
    expect(all).toContain('/oauth-success?token=[redacted]');
    expect(all).not.toContain('secret-token-value');
  });
});
