import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** RFC 2369/8058: a one-click unsubscribe URL (List-Unsubscribe and List-Unsubscribe-Post). */
  unsubscribeUrl?: string;
};
export type Mailer = { send(mail: Mail): Promise<void>; readonly kind: 'smtp' | 'outbox' };

/**
 * Outgoing mail. With SMTP_URL (e.g. smtps://user:pass@smtp.example.ro:465) messages go through that
 * server; without it each message is written as an RFC 822 file to DATA_DIR/outbox/ (newest file name
 * last), so a developer or a test can read the reset code without a mail server.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; dataDir: string }): Mailer {
  const outbox = join(opts.dataDir, 'outbox');
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: opts.smtpUrl ? 'smtp' : 'outbox',
    async send(mail) {
      const { unsubscribeUrl, ...rest } = mail;
      const info = await transport.sendMail({
        from: opts.from,
        ...rest,
        ...(unsubscribeUrl
          ? {
              list: { unsubscribe: { url: unsubscribeUrl, comment: 'Dezabonare' } },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
      if (opts.smtpUrl) return;
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(16).slice(2, 8)}.eml`;
      // Written beside the outbox, then moved in: whoever reads the outbox never sees half a message.
      const partial = join(opts.dataDir, `.${name}.part`);
      await writeFile(partial, (info as unknown as { message: Buffer }).message);
      await rename(partial, join(outbox, name));
    },
  };
}
