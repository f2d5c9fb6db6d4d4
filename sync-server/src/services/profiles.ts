import type { OwnProfile } from '../../../schema/entities.ts';
import { IMAGE_WIDTHS, imageVariant } from '../../../schema/images.ts';
import { publicContact, toOwnProfile, toPublicUser } from '../../../schema/profile-api.ts';
import {
  PROFILE_MESSAGES,
  type ProfileInput,
  type PublicProfileApi,
  validateProfileEdit,
} from '../../../schema/rules/profile.ts';
import { ratingSummary } from '../../../schema/rules/reviews.ts';
import { type FileStorage, uploadKey } from '../lib/file-storage.ts';
import { newId } from '../lib/ids.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { UsersRepository } from '../repositories/users.ts';
import { storeImage } from './images.ts';
import { fail, type ServiceResult } from './result.ts';
import type { ReviewsService } from './reviews.ts';

const M = PROFILE_MESSAGES;

export const AVATAR_FOLDER = 'avatars';

/** What the bytes are, whatever the name and type claim: JPEG (FF D8 FF), PNG (89 'PNG' …), WebP (RIFF….WEBP). */
export function imageKindOf(b: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((v, i) => b[i] === v)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Only files we stored ourselves under /uploads/avatars/ are ever deleted (never an external URL). */
const OWN_AVATAR = new RegExp(`^/uploads/${AVATAR_FOLDER}/[\\w-]+\\.jpg$`);

/** The client shows relative avatars prefixed with the API address (doc 1 §5), so it may send either form. */
function sameImage(url: string, avatar: string): boolean {
  const value = url.trim();
  if (value === avatar) return true;
  if (!avatar.startsWith('/') || !/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).pathname === avatar;
  } catch {
    return false;
  }
}

/**
 * Profiles: the public page, the own-profile edit and the avatar. Public fields (names, locality, avatar)
 * replicate, so a change to one takes a new seq in its transaction and `tx.publicChanged(['profiles'])`.
 */
export function profilesService(deps: {
  uow: UnitOfWork;
  users: UsersRepository;
  reviews: ReviewsService;
  /** The person's live announcements: the contact a public profile shows (issue 45). */
  announcements?: Pick<AnnouncementsRepository, 'listPublic'>;
  storage: FileStorage;
  /** Told when an old file could not be removed; the profile row, already committed, stays the truth. */
  onCleanupError?: (err: unknown) => void;
}) {
  const { uow, users, reviews, storage, onCleanupError } = deps;

  /** The avatar file and its WebP variants. Never throws: a leftover file is reported, not a failed request. */
  async function deleteAvatarFiles(avatar: string | null): Promise<void> {
    if (!avatar || !OWN_AVATAR.test(avatar)) return;
    const paths = [avatar, ...IMAGE_WIDTHS.map((w) => imageVariant(avatar, w))];
    try {
      await storage.delete(paths.flatMap((p) => uploadKey(p) ?? []));
    } catch (err) {
      onCleanupError?.(err);
    }
  }

  return {
    deleteAvatarFiles,

    async publicProfile(userId: string): Promise<PublicProfileApi | null> {
      const user = await users.byId(userId);
      if (!user || user.deleted) return null;
      const list = await reviews.receivedBy(userId);
      // What the spec's profile page reads as phone and e-mail: only what the person already shows everyone
      // on an announcement as its contact (the newest that has one), never the account's own details.
      const live = (await deps.announcements?.listPublic({ ownerId: userId })) ?? [];
      return {
        ...toPublicUser(user),
        ...publicContact(live),
        reviews: list,
        rating: ratingSummary(list.map((r) => r.score)),
      };
    },

    async update(userId: string, input: ProfileInput): Promise<ServiceResult<OwnProfile>> {
      const stored = await users.byId(userId);
      const errors = Object.values(validateProfileEdit(input, stored));
      if (errors.length > 0) return fail(400, errors[0]!);
      return uow.write(async (tx) => {
        const user = await users.byId(userId);
        if (!user || user.deleted) return fail(404, M.unavailable);
        // The phone is private: only names and locality (the replicated fields) need a new seq.
        const publicChange =
          user.firstName !== input.firstName ||
          user.lastName !== input.lastName ||
          user.localitate !== input.localitate;
        await users.updateProfile(userId, input, publicChange ? tx.seq() : undefined);
        if (publicChange) tx.publicChanged(['profiles']);
        return { ok: true, value: toOwnProfile((await users.byId(userId))!) } as const;
      });
    },

    /** Re-encodes the image (metadata dropped), points the profile at it, then deletes the previous files. */
    async setAvatar(userId: string, bytes: Buffer): Promise<ServiceResult<{ avatar: string }>> {
      if (!imageKindOf(bytes)) return fail(400, M.imageFailed);
      let avatar: string;
      try {
        avatar = await storeImage(bytes, storage, AVATAR_FOLDER, newId());
      } catch {
        // Not decodable (truncated, a bomb above the pixel limit, a lying header): a bad file, not a 500.
        return fail(400, M.imageFailed);
      }
      let previous: string | null = null;
      try {
        const result = await uow.write(async (tx) => {
          const user = await users.byId(userId);
          if (!user || user.deleted) return fail(404, M.unavailable);
          previous = user.avatar;
          await users.setAvatar(userId, avatar, tx.seq());
          tx.publicChanged(['profiles']);
          return { ok: true, value: { avatar } } as const;
        });
        if (!result.ok) {
          await deleteAvatarFiles(avatar);
          return result;
        }
      } catch (err) {
        await deleteAvatarFiles(avatar);
        throw err;
      }
      // Only after the commit: a failed update must not leave the profile pointing at a deleted file.
      await deleteAvatarFiles(previous);
      return { ok: true, value: { avatar } };
    },

    /** Clears the avatar, but only when `url` is the current one (a stale client cannot clear a newer one). */
    async removeAvatar(userId: string, url: string): Promise<ServiceResult<{ avatar: null }>> {
      const result = await uow.write(async (tx) => {
        const user = await users.byId(userId);
        if (!user || user.deleted) return fail(404, M.unavailable);
        if (!user.avatar || !sameImage(url, user.avatar)) return fail(400, M.avatarNotCurrent);
        await users.setAvatar(userId, null, tx.seq());
        tx.publicChanged(['profiles']);
        return { ok: true, value: user.avatar } as const;
      });
      if (!result.ok) return result;
      await deleteAvatarFiles(result.value);
      return { ok: true, value: { avatar: null } };
    },
  };
}
export type ProfilesService = ReturnType<typeof profilesService>;
