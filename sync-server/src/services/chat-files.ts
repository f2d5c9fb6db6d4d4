import { createHmac, timingSafeEqual } from 'node:crypto';
import { IMAGE_WIDTHS } from '../../../schema/images.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';
import { CHAT_FOLDER, isChatUploadPath, removeAttachment } from './rest-attachments.ts';
import { type ServerKeys, serverSecret } from './server-secret.ts';

const DAY_S = 86_400;
/** The query parameter of a signed link: `<expiry, epoch s>.<reader id>.<HMAC>`. */
export const CHAT_FILE_SIGNATURE = 's';

const STORED = new RegExp(
  `^${CHAT_FOLDER}/([0-9a-f]{32})(?:-(?:${IMAGE_WIDTHS.join('|')})\\.webp|\\.(jpg|pdf|doc|docx|txt))$`,
);

/** The chat file a storage key belongs to: its own public path, or its image's for a size variant. */
export function chatFileOf(key: string): string | null {
  const m = STORED.exec(key);
  if (!m) return null;
  return m[2] ? `/uploads/${key}` : `/uploads/${CHAT_FOLDER}/${m[1]}.jpg`;
}

/**
 * Who may open a chat file (issue 21): the two people of a live message naming it, and its uploader
 * (the sender's own preview before the message goes). Anyone else — and everyone once the message is
 * deleted, since the file goes with it — gets the same 404 as a file that never existed.
 *
 * The app sends its bearer token with the request. A client of the spec's REST calls shows `image` in
 * an <img>, which cannot: the REST answers give it a signed link instead, bound to the reader and the
 * file, valid until the end of the next UTC day (the same link all day long, so it caches), checked
 * against the same rule when opened — a deleted message's link stops working at once.
 */
export function chatFiles(deps: {
  repo: MessagingRepository;
  keys: ServerKeys;
  uow: UnitOfWork;
  storage: FileStorage;
  now?: () => number;
}) {
  const { repo, uow, storage } = deps;
  const now = deps.now ?? Date.now;
  const secret = serverSecret(deps.keys, uow, 'chat-files');
  const mac = async (path: string, readerId: string, expires: number) =>
    createHmac('sha256', await secret())
      .update(`${path}\n${readerId}\n${expires}`)
      .digest('base64url');

  /** The reader a signed link names, when its signature holds and it has not expired. */
  async function signedReader(path: string, signature: string | undefined): Promise<string | null> {
    const [exp, readerId, sig] = (signature ?? '').split('.');
    const expires = Number(exp);
    if (!readerId || !sig || !Number.isSafeInteger(expires) || expires * 1000 < now()) return null;
    const want = Buffer.from(await mac(path, readerId, expires));
    const got = Buffer.from(sig);
    return got.length === want.length && timingSafeEqual(got, want) ? readerId : null;
  }

  const mayReadAs = async (path: string, readerId: string) =>
    (await repo.uploaderOf(path)) === readerId || (await repo.fileSharedWith(path, readerId));

  return {
    /** The link `readerId` opens a chat file by without a bearer header; other paths come back as they are. */
    async signedUrl(path: string, readerId: string): Promise<string> {
      if (!isChatUploadPath(path)) return path;
      const expires = (Math.floor(now() / 1000 / DAY_S) + 2) * DAY_S;
      return `${path}?${CHAT_FILE_SIGNATURE}=${expires}.${readerId}.${await mac(path, readerId, expires)}`;
    },

    /** Whether the stored file `key` may be served to the signed-in caller, or to a signed link's reader. */
    async mayRead(key: string, callerId: string | null, signature: string | undefined): Promise<boolean> {
      const path = chatFileOf(key);
      if (!path) return false;
      if (callerId && (await mayReadAs(path, callerId))) return true;
      const reader = signature ? await signedReader(path, signature) : null;
      return !!reader && (await mayReadAs(path, reader));
    },

    /**
     * A deleted message takes its file with it, unless another live message of its sender names the same
     * upload. The record goes first: a message pushed from then on is refused instead of pointing at
     * nothing.
     */
    async removeIfUnused(path: string): Promise<void> {
      if (!isChatUploadPath(path) || (await repo.fileInUse(path))) return;
      await uow.write(() => repo.forgetUpload(path));
      await removeAttachment(storage, path);
    },
  };
}
export type ChatFiles = ReturnType<typeof chatFiles>;
