import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (announcement photos and their variants, avatars, chat attachments). Every
 * write, read, check and removal of an upload goes through this interface, so the storage can change
 * without touching the services: LocalDirectoryStorage (a directory; several instances share one by
 * pointing UPLOADS_DIR at the same mounted directory) is the one implementation today.
 *
 * S3Storage (lib/s3-storage.ts, chosen by S3_BUCKET) keeps them in an S3-compatible bucket instead, so
 * several instances need no shared directory (issue 22). The /uploads/ route streams what `get` returns
 * from either. Nothing lists the storage: what exists is known from the database (chat_uploads,
 * photo_uploads, announcement and avatar paths).
 *
 * Keys are relative paths `<folder>/<name>.<ext>` (the public path without its /uploads/ prefix); only
 * keys of that shape are accepted (`uploadKey`), so no key can leave the storage.
 */
export type StoredFile = { stream: Readable; size: number; modifiedAt: number };

export interface FileStorage {
  /** Stores `data` under `key`, replacing what was there; readers see the whole file or none of it. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file's content as a stream, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the files; keys that do not exist are fine. */
  delete(keys: readonly string[]): Promise<void>;
  /** Free bytes left where files are written, for the instance's upload quota (issue 40); absent: unknown. */
  freeBytes?(): Promise<number | null>;
}

const KEY = /^[a-z]+\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

/** The storage key of a public /uploads/ path, or null for anything else (outside URLs, `..`, odd names). */
export function uploadKey(publicPath: string): string | null {
  if (!publicPath.startsWith('/uploads/')) return null;
  const key = publicPath.slice('/uploads/'.length);
  return KEY.test(key) ? key : null;
}

/** The public path of a stored key. */
export const publicPath = (key: string) => `/uploads/${key}`;

/** True for keys of the accepted shape (every implementation checks them the same way). */
export const isUploadKey = (key: string): boolean => KEY.test(key);

function checked(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid upload key: ${key}`);
  return key;
}

/** Uploads as files under one directory (DATA_DIR/uploads by default, UPLOADS_DIR to share one). */
export class LocalDirectoryStorage implements FileStorage {
  constructor(readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const file = join(this.root, checked(key));
    await mkdir(dirname(file), { recursive: true });
    // Written aside, then renamed: another instance serving the shared directory never sees half a file.
    const partial = join(dirname(file), `.${randomBytes(6).toString('hex')}.part`);
    try {
      await writeFile(partial, data);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!KEY.test(key)) return null;
    const file = join(this.root, key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { stream: createReadStream(file), size: s.size, modifiedAt: s.mtimeMs };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!KEY.test(key)) return false;
    try {
      return (await stat(join(this.root, key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((k) => rm(join(this.root, checked(k)), { force: true })));
  }

  /** Free bytes of the directory's file system for an unprivileged writer (the nearest existing parent's). */
  async freeBytes(): Promise<number | null> {
    for (let dir = this.root; ; dir = dirname(dir)) {
      try {
        const s = await statfs(dir);
        return s.bavail * s.bsize;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(dir) === dir) return null;
      }
    }
  }
}
