import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A local Web Push receiver for tests and bench:push (issue 23): an HTTPS server with a throwaway
 * certificate (trusted by a server process through NODE_EXTRA_CA_CERTS=`certFile`), which records every
 * push it accepts and answers what a test asks per path (201 by default; 'hang' never answers). Devices'
 * keys come from `deviceKeys`, which decrypts a push as a browser does (RFC 8291 aes128gcm, `http_ece`).
 */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, opts: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

export type ReceivedPush = { path: string; headers: Record<string, unknown>; body: Buffer; at: number };
export type ShownPush = { title: string; body: string; tag: string; url: string; quiet?: boolean };

export type PushReceiver = {
  /** Endpoints are `${base}<name>`; what PUSH_ENDPOINT_ALLOW must list. */
  base: string;
  /** The PEM certificate, for an agent or NODE_EXTRA_CA_CERTS. */
  cert: string;
  certFile: string;
  received: ReceivedPush[];
  /** What the receiver answers per path (`/push/<name>`): a status, or 'hang'. */
  answers: Map<string, number | 'hang'>;
  at(path: string): ReceivedPush[];
  close(): Promise<void>;
};

export async function startPushReceiver(): Promise<PushReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'hobbiz-push-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '1'];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      ...subject,
    ].concat(['-keyout', keyFile, '-out', certFile]),
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile, 'utf8');
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number | 'hang'>();
  const server = https.createServer({ key: readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = answers.get(req.url ?? '') ?? 201;
      if (answer === 'hang') return;
      const at = performance.now();
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    base: `https://127.0.0.1:${port}/push/`,
    cert,
    certFile,
    received,
    answers,
    at: (path) => received.filter((r) => r.path === path),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's push keys: the subscription's `keys` and the decryption of what reaches it. */
export function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: secret.toString('base64url') },
    read: (r: ReceivedPush): ShownPush =>
      JSON.parse(
        ece.decrypt(r.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: secret }).toString(),
      ) as ShownPush,
  };
}
