import type { FileStorage } from '../lib/file-storage.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { PhotoUploadRow, PhotoUploadsRepository } from '../repositories/photo-uploads.ts';
import { fail, type Outcome } from './result.ts';
import { checkImages, ImageRejectedError, removeImages, storeImages, type UploadedImage } from './uploads.ts';

/**
 * Announcement photos that go up one by one as the seller picks them (issue 22), before the announcement
 * exists: each under the id its device made, so a retry after a lost answer stores nothing twice and a
 * device can ask whether a photo already arrived before sending its bytes again. Same checks and
 * variants as photos sent inside the form; a publish then names them (`photoIds`) and claims them.
 */

/** An unclaimed photo waits this long for its announcement (a device offline longer uploads it again). */
export const PHOTO_GRACE_MS = 24 * 3_600_000;
/** A claimed record is kept this long, so a publish retried after a lost answer still finds its photos. */
const CLAIMED_KEEP_MS = 7 * 24 * 3_600_000;

export const PHOTO_MESSAGES = {
  /** A publish names a photo this server no longer has (expired) or never had: the device sends it again. */
  missing: 'O fotografie a anunțului nu a ajuns pe server. Reîncearcă publicarea.',
} as const;

export type PhotoAnswer = { id: string; path: string };

const answer = (row: PhotoUploadRow): PhotoAnswer => ({ id: row.id, path: row.path });

export function photoUploadsService(deps: {
  uow: UnitOfWork;
  repo: PhotoUploadsRepository;
  storage: FileStorage;
  now?: () => number;
}) {
  const { uow, repo, storage } = deps;
  const now = deps.now ?? Date.now;

  /**
   * The caller's photo `id` as stored, or null. Ids are unique per account (issue 40, L4): somebody
   * else's photo under the same id is not looked at, so neither GET nor PUT can tell that it exists.
   */
  const own = async (userId: string, id: string): Promise<PhotoUploadRow | null> =>
    (await repo.byOwner(userId, id)) ?? null;

  return {
    own: async (userId: string, id: string) => {
      const row = await own(userId, id);
      return row ? answer(row) : null;
    },

    /** Stores one photo under the device's id: 201 when new, 200 with the same photo on a retry. */
    async store(userId: string, id: string, file: UploadedImage): Promise<Outcome<PhotoAnswer>> {
      const existing = await own(userId, id);
      if (existing) return { ok: true, status: 200, value: answer(existing) };
      const problem = await checkImages([file], 0);
      if (problem) return fail(400, problem, 'validation', { images: problem });
      let path: string;
      try {
        // Named <id>-<8 hex>.jpg with its WebP variants, like photos sent inside the form.
        [path] = (await storeImages(storage, id, [file])) as [string];
      } catch (err) {
        if (err instanceof ImageRejectedError) {
          return fail(400, err.message, 'validation', { images: err.message });
        }
        throw err;
      }
      const row = { id, userId, path, createdAt: now(), announcementId: '', bytes: file.data.length };
      if (await uow.write(() => repo.insert(row))) return { ok: true, status: 201, value: answer(row) };
      // A parallel retry of the same photo stored it first: its copy stays, this one goes.
      await removeImages(storage, [path]);
      return this.store(userId, id, file);
    },

    /** Removes photos nobody claimed within the grace period (files and records). Returns how many. */
    async purge(at = now(), graceMs = PHOTO_GRACE_MS): Promise<number> {
      let removed = 0;
      for (;;) {
        const stale = await repo.unclaimedBefore(at - graceMs);
        for (const row of stale) {
          await uow.write(() => repo.forget(row.userId, row.id));
          await removeImages(storage, [row.path]);
        }
        removed += stale.length;
        if (stale.length === 0) break;
      }
      await uow.write(() => repo.forgetClaimedBefore(at - CLAIMED_KEEP_MS));
      return removed;
    },
  };
}

export type PhotoUploadsService = ReturnType<typeof photoUploadsService>;
