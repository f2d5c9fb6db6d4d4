import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { photoUploads } from '../../../schema/db/tables.ts';
import { rawRun } from '../lib/sql.ts';
import type { Db } from '../plugins/db.ts';

export type PhotoUploadRow = typeof photoUploads.$inferSelect;

/** Announcement photos uploaded on their own (issue 22), before the announcement that will use them. */
export function photoUploadsRepository(db: Db) {
  return {
    /** `userId`'s photo `id` (ids are unique per account: another person's photo is not found). */
    byOwner: async (userId: string, id: string): Promise<PhotoUploadRow | undefined> =>
      (
        await db
          .select()
          .from(photoUploads)
          .where(and(eq(photoUploads.userId, userId), eq(photoUploads.id, id)))
          .limit(1)
      )[0],

    /** Bytes of `userId`'s photos no announcement uses yet (their quota, issue 40). */
    async unclaimedBytesOf(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`COALESCE(SUM(${photoUploads.bytes}), 0)` })
        .from(photoUploads)
        .where(and(eq(photoUploads.userId, userId), eq(photoUploads.announcementId, '')));
      return Number(row?.total ?? 0);
    },

    /** Records a stored photo; false when the id was taken meanwhile (a parallel retry stored it first). */
    async insert(row: PhotoUploadRow): Promise<boolean> {
      const out = await db
        .insert(photoUploads)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: photoUploads.id });
      return out.length > 0;
    },

    /** The caller's photos among `ids` that no other announcement uses (free, or already this one's). */
    async claimable(
      ids: readonly string[],
      userId: string,
      announcementId: string,
    ): Promise<PhotoUploadRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(photoUploads)
        .where(and(inArray(photoUploads.id, [...ids]), eq(photoUploads.userId, userId)));
      return rows.filter((r) => r.announcementId === '' || r.announcementId === announcementId);
    },

    async claim(ids: readonly string[], userId: string, announcementId: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(photoUploads)
        .set({ announcementId })
        .where(and(eq(photoUploads.userId, userId), inArray(photoUploads.id, [...ids])));
    },

    /** Photos nobody claimed, uploaded before `before` (ms): their files are removed with the record. */
    unclaimedBefore: (before: number, limit = 500): Promise<PhotoUploadRow[]> =>
      db
        .select()
        .from(photoUploads)
        .where(and(eq(photoUploads.announcementId, ''), lt(photoUploads.createdAt, before)))
        .limit(limit),

    async forget(userId: string, id: string): Promise<void> {
      await db.delete(photoUploads).where(and(eq(photoUploads.userId, userId), eq(photoUploads.id, id)));
    },

    /** Claimed records past `before`: the announcement owns the file now; only a retry needed the record. */
    async forgetClaimedBefore(before: number): Promise<void> {
      await rawRun(db, sql`DELETE FROM photo_uploads WHERE announcement_id != '' AND created_at < ${before}`);
    },
  };
}

export type PhotoUploadsRepository = ReturnType<typeof photoUploadsRepository>;
