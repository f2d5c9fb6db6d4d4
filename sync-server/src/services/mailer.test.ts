import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const dirs: string[] = [];
const servers: Server[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const s of servers.splice(0)) s.close();
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'hobbiz-mail-'));
  dirs.push(d);
  return d;
};

/** The smallest SMTP server that accepts one message (no TLS, no auth): enough to see what was sent. */
function fakeSmtp(): Promise<{
  port: number;
  received: Promise<{ from: string; to: string; data: string }>;
}> {
  return new Promise((resolveStart) => {
    let deliver: (m: { from: string; to: string; data: string }) => void;
    const received = new Promise<{ from: string; to: string; data: string }>((r) => {
      deliver = r;
    });
    const server = createServer((socket) => {
      let from = '';
      let to = '';
      let data = '';
      let inData = false;
      let buffer = '';
      socket.write('220 fake.smtp ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let i = buffer.indexOf('\r\n');
        while (i >= 0) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          if (inData) {
            if (line === '.') {
              inData = false;
              socket.write('250 OK queued\r\n');
              deliver({ from, to, data });
            } else data += `${line}\n`;
          } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake.smtp\r\n');
          else if (/^MAIL FROM:/i.test(line)) {
            from = line.slice(10);
            socket.write('250 OK\r\n');
          } else if (/^RCPT TO:/i.test(line)) {
            to = line.slice(8);
            socket.write('250 OK\r\n');
          } else if (/^DATA/i.test(line)) {
            inData = true;
            socket.write('354 End with <CRLF>.<CRLF>\r\n');
          } else if (/^QUIT/i.test(line)) {
            socket.end('221 Bye\r\n');
          } else socket.write('250 OK\r\n');
          i = buffer.indexOf('\r\n');
        }
      });
    });
    servers.push(server);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      resolveStart({ port: typeof addr === 'object' && addr ? addr.port : 0, received });
    });
  });
}

describe('mailer', () => {
  it('without SMTP_URL writes each message as an .eml file to DATA_DIR/outbox', async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ smtpUrl: null, from: 'Hobbiz <no-reply@hobbiz.ro>', dataDir });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({
      to: 'ana@hobbiz.test',
      subject: 'Codul tău: 123456',
      text: 'Bună, Ana!\n\n123456\n',
    });
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toMatch(/^To: ana@hobbiz\.test$/m);
    expect(eml).toMatch(/^From: Hobbiz <no-reply@hobbiz\.ro>$/m);
    expect(eml).toMatch(/^123456$/m);
  });

  it('with SMTP_URL delivers through that server and writes no outbox file', async () => {
    const smtp = await fakeSmtp();
    const dataDir = tempDir();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'no-reply@hobbiz.ro',
      dataDir,
    });
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'ion@hobbiz.test', subject: 'Resetare', text: 'Codul este:\n\n654321\n' });
    const got = await smtp.received;
    expect(got.from).toContain('no-reply@hobbiz.ro');
    expect(got.to).toContain('ion@hobbiz.test');
    expect(got.data).toMatch(/^654321$/m);
    expect(() => readdirSync(join(dataDir, 'outbox'))).toThrow();
  });
});
