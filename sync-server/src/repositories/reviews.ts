import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { announcements, type ReviewRow, reviews, users } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';
import { chunks } from './announcements.ts';

/** A review with what its card shows: the author's public name and avatar, the announcement's title. */
export type ReviewWithContext = {
  review: ReviewRow;
  author: { firstName: string; lastName: string; avatar: string | null; deleted: boolean } | null;
  announcement: { title: string; active: boolean; deleted: boolean } | null;
};

export function reviewsRepository(db: Db) {
  const withContext = () =>
    db
      .select({
        review: reviews,
        authorFirstName: users.firstName,
        authorLastName: users.lastName,
        authorAvatar: users.avatar,
        authorDeleted: users.deleted,
        annTitle: announcements.title,
        annActive: announcements.active,
        annDeleted: announcements.deleted,
      })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.authorId))
      .leftJoin(announcements, eq(announcements.id, reviews.announcementId));
  type Joined = Awaited<ReturnType<typeof withContext>>[number];
  const shape = (r: Joined): ReviewWithContext => ({
    review: r.review,
    author:
      r.authorFirstName === null
        ? null
        : {
            firstName: r.authorFirstName,
            lastName: r.authorLastName ?? '',
            avatar: r.authorAvatar,
            deleted: r.authorDeleted ?? false,
          },
    announcement:
      r.annTitle === null
        ? null
        : { title: r.annTitle, active: r.annActive ?? false, deleted: r.annDeleted ?? true },
  });

  return {
    /** Reviews about these people with a seq above `afterSeq` (tombstones included). */
    async aboutSince(userIds: string[], afterSeq: number): Promise<ReviewRow[]> {
      const out: ReviewRow[] = [];
      for (const part of chunks(userIds)) {
        out.push(
          ...(await db
            .select()
            .from(reviews)
            .where(and(inArray(reviews.userId, part), gt(reviews.seq, afterSeq)))),
        );
      }
      return out;
    },
    async changedBetween(afterSeq: number, upToSeq: number, limit: number): Promise<ReviewRow[]> {
      return db
        .select()
        .from(reviews)
        .where(and(gt(reviews.seq, afterSeq), lte(reviews.seq, upToSeq)))
        .orderBy(asc(reviews.seq))
        .limit(limit);
    },
    async byId(id: string): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
      return row;
    },
    /** The caller's own live review, or nothing: ownership is part of the lookup, so strangers learn nothing. */
    async liveOwnedBy(id: string, authorId: string): Promise<ReviewRow | undefined> {
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.id, id), eq(reviews.authorId, authorId), eq(reviews.deleted, false)))
        .limit(1);
      return row;
    },
    /** The author's live review of a user, if any (deleted ones do not count). */
    async liveByAuthorFor(authorId: string, userId: string): Promise<ReviewRow | undefined> {
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.authorId, authorId), eq(reviews.userId, userId), eq(reviews.deleted, false)))
        .limit(1);
      return row;
    },
    async insert(row: typeof reviews.$inferInsert): Promise<void> {
      await db.insert(reviews).values(row);
    },
    async update(id: string, patch: Partial<Omit<typeof reviews.$inferInsert, 'id'>>): Promise<void> {
      await db.update(reviews).set(patch).where(eq(reviews.id, id));
    },
    /** Live reviews received by a user, newest first, with their card context. */
    async liveForUserWithContext(userId: string): Promise<ReviewWithContext[]> {
      const rows = await withContext()
        .where(and(eq(reviews.userId, userId), eq(reviews.deleted, false)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(shape);
    },
    async byIdWithContext(id: string): Promise<ReviewWithContext | undefined> {
      const [row] = await withContext().where(eq(reviews.id, id)).limit(1);
      return row ? shape(row) : undefined;
    },
  };
}
export type ReviewsRepository = ReturnType<typeof reviewsRepository>;
