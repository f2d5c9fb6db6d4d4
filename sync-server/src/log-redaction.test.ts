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

  it('redacts the mailed links’ t= and a signed chat file’s s=, keeps the user id and other parameters (issue 40, L9)', () => {
    expect(redactUrl('/confirmare-email?u=0193abc&t=Zm9vYmFy')).toBe(
      '/confirmare-email?u=0193abc&t=[redacted]',
    );
    expect(redactUrl('/api/users/unsubscribe-messages?t=abc&u=42')).toBe(
      '/api/users/unsubscribe-messages?t=[redacted]&u=42',
    );
    expect(redactUrl('/uploads/chat/x.pdf?s=1765000000.u1.c2lnbmF0dXJl')).toBe(
      '/uploads/chat/x.pdf?s=[redacted]',
    );
    expect(redactUrl('/x?T=a&S=b#frag')).toBe('/x?T=[redacted]&S=[redacted]#frag');
    expect(redactUrl('/anunturi?sort=price&text=t&st=1&ts=2')).toBe('/anunturi?sort=price&text=t&st=1&ts=2');
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
    app.get('/confirmare-email', async () => 'ok');
    await app.inject({ method: 'GET', url: '/oauth-success?token=secret-token-value' });
    await app.inject({ method: 'GET', url: '/confirmare-email?u=u1&t=secret-mail-token' });
    await app.inject({ method: 'GET', url: '/uploads/chat/a.pdf?s=secret-file-signature' });
    await app.close();
    const all = lines.join('');
    expect(all).toContain('/oauth-success?token=[redacted]');
    expect(all).toContain('/confirmare-email?u=u1&t=[redacted]');
    expect(all).not.toContain('secret-token-value');
    expect(all).not.toContain('secret-mail-token');
    expect(all).not.toContain('secret-file-signature');
  });
});
