import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { fieldsFromForm } from '../../../schema/announcement-api.ts';
import type { AnnouncementRow } from '../../../schema/db/tables.ts';
import type { AnnouncementApi } from '../../../schema/entities.ts';
import {
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementInput,
  validateAnnouncement,
} from '../../../schema/rules/announcement.ts';
import { MODERATION_MESSAGES } from '../../../schema/rules/moderation.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import { newId } from '../lib/ids.ts';
import { isUniqueViolation } from '../lib/sql.ts';
import type { UnitOfWork, WriteTx } from '../lib/unit-of-work.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { PhotoUploadsRepository } from '../repositories/photo-uploads.ts';
import { arrangeImages, storedPath } from './announcement-photos.ts';
import { PHOTO_MESSAGES } from './photo-uploads.ts';
import { type FieldErrorMap, fail, type Outcome } from './result.ts';
import { checkImages, ImageRejectedError, removeImages, storeImages, type UploadedImage } from './uploads.ts';

/**
 * Publishing and managing announcements (REST today; any other transport calls the same operations).
 * Rules come from schema/rules/announcement.ts; this adds what only the server can do: ownership,
 * server-owned fields (owner, counters, dates), seq, photo files and the real-time fan-out.
 */

export const NOT_FOUND = 'Anunțul nu a fost găsit';
export const DELETED_MESSAGE = 'Anunțul a fost șters.';
/** Our own: 'Reactualizează' at most once a day per announcement, so nobody floods the top of the lists. */
export const RENEW_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const RENEW_TOO_SOON = 'Poți reactualiza un anunț cel mult o dată la 24 de ore.';
const ID_TAKEN = ANNOUNCEMENT_MESSAGES.idTaken;

const notFound = () => fail(404, NOT_FOUND);

/** Field errors of the form plus the photos' problem, in form order (the first one is the headline). */
async function formErrors(
  input: AnnouncementInput,
  files: UploadedImage[],
  existingCount: number,
  tooManyFiles: boolean,
): Promise<FieldErrorMap> {
  const errors: FieldErrorMap = { ...validateAnnouncement(input) };
  const images = tooManyFiles ? ANNOUNCEMENT_MESSAGES.imagesMax : await checkImages(files, existingCount);
  if (images) errors.images = images;
  return errors;
}

const invalid = (errors: FieldErrorMap) => fail(400, Object.values(errors)[0]!, undefined, errors);

export type Viewer = { userId: string | null; ip: string; userAgent: string };

export function announcementsService(deps: {
  uow: UnitOfWork;
  repo: AnnouncementsRepository;
  storage: FileStorage;
  /** Photos uploaded on their own before the publish (issue 22), claimed by it. */
  photos: PhotoUploadsRepository;
  now?: () => Date;
}) {
  const { uow, repo, storage, photos: uploaded } = deps;
  const now = deps.now ?? (() => new Date());
  const api = async (id: string): Promise<AnnouncementApi> =>
    (await repo.toApi([(await repo.byId(id))!]))[0]!;

  /**
   * The caller's live announcement, or null. Ownership is checked together with existence and both
   * answer the same 404, so a stranger cannot tell someone else's announcement from an unknown id.
   */
  const owned = async (userId: string, id: string): Promise<AnnouncementRow | null> => {
    const row = await repo.byId(id);
    return row && !row.deleted && row.ownerId === userId ? row : null;
  };

  /**
   * Applies `patch` to the caller's announcement with a new seq, reading and writing in one unit of work
   * (nothing can interleave); `effects` says what to tell clients after the commit. Returns the row as it
   * was before, or null (404).
   */
  const writeOwned = (
    userId: string,
    id: string,
    patch: (row: AnnouncementRow) => Parameters<AnnouncementsRepository['update']>[1],
    effects: (tx: WriteTx) => void = (tx) => tx.publicChanged(['announcements']),
  ): Promise<AnnouncementRow | null> =>
    uow.write(async (tx) => {
      const row = await owned(userId, id);
      if (!row) return null;
      await repo.update(id, { ...patch(row), seq: tx.seq() });
      effects(tx);
      return row;
    });

  /** Stores the new photos; one the encoder refuses is the form's photo error (nothing is kept then). */
  const storePhotos = async (
    id: string,
    files: UploadedImage[],
  ): Promise<{ paths: string[] } | { refused: ReturnType<typeof invalid> }> => {
    try {
      return { paths: await storeImages(storage, id, files) };
    } catch (err) {
      if (err instanceof ImageRejectedError) return { refused: invalid({ images: err.message }) };
      throw err;
    }
  };

  let purgedBefore = '';

  return {
    owned,

    /**
     * Publishes. `clientId` is the id the device made before its first attempt: a retry after a lost answer
     * returns the announcement already stored instead of publishing it twice.
     */
    async create(
      ownerId: string,
      input: AnnouncementInput,
      files: UploadedImage[],
      opts: { clientId?: string; tooManyFiles?: boolean; photoIds?: readonly string[] } = {},
    ): Promise<Outcome<AnnouncementApi>> {
      const retried = async (id: string): Promise<Outcome<AnnouncementApi>> => {
        const row = (await repo.byId(id))!;
        return row.ownerId === ownerId && !row.deleted
          ? { ok: true, status: 200, value: await api(id) }
          : fail(409, ID_TAKEN);
      };
      if (opts.clientId && (await repo.byId(opts.clientId))) return retried(opts.clientId);

      // Photos uploaded before (issue 22) come first, in the order named, then the form's own files.
      const photoIds = [...new Set(opts.photoIds ?? [])];
      const errors = await formErrors(input, files, photoIds.length, opts.tooManyFiles ?? false);
      if (Object.keys(errors).length > 0) return invalid(errors);

      const at = now();
      const id = opts.clientId ?? newId(at);
      const claimable = async () => {
        const rows = await uploaded.claimable(photoIds, ownerId, id);
        const byId = new Map(rows.map((r) => [r.id, r.path]));
        return photoIds.every((p) => byId.has(p)) ? photoIds.map((p) => byId.get(p)!) : null;
      };
      const missing = () =>
        fail(400, PHOTO_MESSAGES.missing, 'photo_missing', { images: PHOTO_MESSAGES.missing });
      const early = await claimable();
      if (!early) return missing();
      const photos = await storePhotos(id, files);
      if ('refused' in photos) return photos.refused;
      const images = [...early, ...photos.paths];
      try {
        const claimed = await uow.write(async (tx) => {
          // Again inside the unit of work: a photo purged or claimed meanwhile is not published.
          if (photoIds.length > 0 && !(await claimable())) return false;
          await uploaded.claim(photoIds, ownerId, id);
          await repo.insert({
            id,
            ownerId,
            ...fieldsFromForm(input),
            images,
            // Server-owned, whatever a client sent.
            favoritesCount: 0,
            views: 0,
            active: true,
            deleted: false,
            createdAt: at.toISOString(),
            updatedAt: at.toISOString(),
            seq: tx.seq(),
          });
          tx.publicChanged(['announcements']);
          tx.emit('announcementCreated', { id });
          return true;
        });
        if (!claimed) {
          await removeImages(storage, photos.paths);
          return missing();
        }
      } catch (err) {
        await removeImages(storage, photos.paths);
        // Two retries of one offline publish raced: the first one won.
        if (opts.clientId && isUniqueViolation(err) && (await repo.byId(id))) return retried(id);
        throw err;
      }
      return { ok: true, status: 201, value: await api(id) };
    },

    /**
     * Edits the caller's announcement. `keep` lists current image paths to keep, in order (undefined: keep
     * them all); only paths the announcement holds count, so nobody can point at another's files. A
     * `new:N` entry places the N-th new photo at that position (so a new photo can become the cover);
     * new photos not placed are appended. Files no longer used are deleted once the change is committed.
     */
    async update(
      ownerId: string,
      id: string,
      input: AnnouncementInput,
      keep: string[] | undefined,
      files: UploadedImage[],
      opts: { tooManyFiles?: boolean } = {},
    ): Promise<Outcome<AnnouncementApi>> {
      const row = await owned(ownerId, id);
      if (!row) return notFound();
      const order = keep === undefined ? row.images : [...new Set(keep.map(storedPath))];
      const kept = order.filter((p) => row.images.includes(p));

      const errors = await formErrors(input, files, kept.length, opts.tooManyFiles ?? false);
      if (Object.keys(errors).length > 0) return invalid(errors);

      const photos = await storePhotos(id, files);
      if ('refused' in photos) return photos.refused;
      const added = photos.paths;
      let before: AnnouncementRow | null;
      let images: string[] = [];
      try {
        // Re-read inside the transaction: the row may have changed while the photos were encoded.
        before = await writeOwned(ownerId, id, (current) => {
          images = arrangeImages(order, current.images, added);
          return { ...fieldsFromForm(input), images, updatedAt: now().toISOString() };
        });
      } catch (err) {
        await removeImages(storage, added);
        throw err;
      }
      if (!before) {
        await removeImages(storage, added);
        return notFound();
      }
      await removeImages(
        storage,
        before.images.filter((p) => !images.includes(p)),
      );
      return { ok: true, status: 200, value: await api(id) };
    },

    /** A tombstone with a new seq, so every device drops it on its next pull; the photos are deleted. */
    async remove(ownerId: string, id: string): Promise<Outcome<{ message: string }>> {
      const before = await writeOwned(
        ownerId,
        id,
        () => ({ deleted: true, images: [], updatedAt: now().toISOString() }),
        (tx) => {
          tx.publicChanged(['announcements']);
          tx.emit('announcementDeleted', { id });
        },
      );
      if (!before) return notFound();
      await removeImages(storage, before.images);
      return { ok: true, status: 200, value: { message: DELETED_MESSAGE } };
    },

    /** 'Reactualizează': dated now, so it rises to the top of the newest-first lists. */
    async renew(ownerId: string, id: string): Promise<Outcome<AnnouncementApi>> {
      const at = now();
      const row = await owned(ownerId, id);
      if (!row) return notFound();
      if (at.getTime() - Date.parse(row.createdAt) < RENEW_INTERVAL_MS) return fail(429, RENEW_TOO_SOON);
      const iso = at.toISOString();
      if (!(await writeOwned(ownerId, id, () => ({ createdAt: iso, updatedAt: iso })))) return notFound();
      return { ok: true, status: 200, value: await api(id) };
    },

    /**
     * 'Dezactivează' / reactivate. The new seq makes the change travel: other users' devices get a
     * tombstone (replication hides inactive announcements from all but the owner), then the row again.
     */
    async setActive(ownerId: string, id: string, active: boolean): Promise<Outcome<AnnouncementApi>> {
      // Hidden by moderation (issue 24): only a moderator brings it back. Read in the same write, so a hide
      // landing meanwhile cannot be undone by the owner.
      const written = await uow.write(async () => {
        const hidden = active ? (await owned(ownerId, id))?.hiddenReason : '';
        if (hidden) return fail(403, MODERATION_MESSAGES.ownerCannotActivate(hidden), 'hidden');
        return (await writeOwned(ownerId, id, () => ({ active, updatedAt: now().toISOString() })))
          ? null
          : notFound();
      });
      if (written) return written;
      return { ok: true, status: 200, value: await api(id) };
    },

    async mine(ownerId: string): Promise<AnnouncementApi[]> {
      return repo.toApi(await repo.byOwner(ownerId));
    },

    async listPublic(filter: { ownerId?: string; category?: string }): Promise<AnnouncementApi[]> {
      return repo.toApi(await repo.listPublic(filter));
    },

    /**
     * Counts a view of a visible announcement: never the owner's own, and once per viewer per UTC day
     * (a signed-in user by id; a guest by a hash of their network — the IPv4 address or the IPv6 /64 —
     * and the day, nothing readable kept). The browser's name is not part of a guest's key: it is
     * whatever the caller says, so five User-Agents from one address were five views (issue 21).
     * No new seq: a counter tick must not make every device re-pull the announcement; devices see the
     * new count with the next real change, and the detail page reads it fresh from here.
     */
    async countView(row: AnnouncementRow, viewer: Viewer): Promise<void> {
      if (viewer.userId === row.ownerId) return;
      const day = now().toISOString().slice(0, 10);
      const key = viewer.userId
        ? `u:${viewer.userId}`
        : `g:${createHash('sha256')
            .update(`${day}\n${viewerNetwork(viewer.ip)}`)
            .digest('hex')}`;
      await uow.write(async () => {
        // Marks of past days are useless (and personal): drop them once a day.
        if (purgedBefore !== day) {
          await repo.purgeViewsBefore(day);
          purgedBefore = day;
        }
        await repo.recordView(row.id, key, day);
      });
    },

    /** The REST shape of one row. */
    toApi: async (row: AnnouncementRow): Promise<AnnouncementApi> => (await repo.toApi([row]))[0]!,
  };
}
/**
 * The network a guest's views are counted by: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * too), an IPv6 address by its /64 — one home or phone is given a whole /64 and may use any address in it.
 */
export function viewerNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}
export type AnnouncementsService = ReturnType<typeof announcementsService>;
