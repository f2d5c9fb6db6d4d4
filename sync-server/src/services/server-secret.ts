import { randomBytes } from 'node:crypto';
import type { UnitOfWork } from '../lib/unit-of-work.ts';

/** Where the secrets live: the server_keys table (repositories/push.ts). */
export type ServerKeys = {
  serverKey(name: string): Promise<string | undefined>;
  keepServerKey(name: string, value: string): Promise<void>;
};

/**
 * A 32-byte secret made once and shared by every instance (server_keys): the first instance to need it
 * stores a random one, and whoever lost that race reads the winner's. Read once per process; a failed
 * read is tried again at the next call.
 */
export function serverSecret(keys: ServerKeys, uow: UnitOfWork, name: string): () => Promise<Buffer> {
  let secret: Promise<Buffer> | null = null;
  return () => {
    secret ??= (async () => {
      let stored = await keys.serverKey(name);
      if (!stored) {
        await uow.write(() => keys.keepServerKey(name, randomBytes(32).toString('hex')));
        stored = (await keys.serverKey(name))!;
      }
      return Buffer.from(stored, 'hex');
    })().catch((err) => {
      secret = null;
      throw err;
    });
    return secret;
  };
}
