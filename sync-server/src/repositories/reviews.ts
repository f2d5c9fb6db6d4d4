import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { announcements, type ReviewRow, reviews, users } from '../../../schema/db/tables.ts';
import type { ReviewWithContext } from '../../../schema/profile-api.ts';
import type { Db } from '../plugins/db.ts';
import { changedAfter, firstRow, live, readInChunks, rowsById } from './queries.ts';
import { exchangedSql, hasStandingSql } from './standing.ts';

export type { ReviewWithContext } from '../../../schema/profile-api.ts';

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

  const reviewRows = rowsById(db, reviews);

  return {
    /** Reviews about these people with a seq above `afterSeq` (tombstones included). */
    aboutSince: (userIds: string[], afterSeq: number): Promise<ReviewRow[]> =>
      readInChunks(userIds, (part) =>
        db
          .select()
          .from(reviews)
          .where(and(inArray(reviews.userId, part), gt(reviews.seq, afterSeq))),
      ),
    changedBetween: (afterSeq: number, upToSeq: number, limit: number): Promise<ReviewRow[]> =>
      changedAfter(db, reviews, { afterSeq, upToSeq, limit }),
    byId: reviewRows.get,
    /** The caller's own live review, or nothing: ownership is part of the lookup, so strangers learn nothing. */
    liveOwnedBy: (id: string, authorId: string): Promise<ReviewRow | undefined> =>
      firstRow(db, reviews, live(reviews, { id, authorId })),
    /** The author's live review of a user, if any (deleted ones do not count). */
    liveByAuthorFor: (authorId: string, userId: string): Promise<ReviewRow | undefined> =>
      firstRow(db, reviews, live(reviews, { authorId, userId })),
    insert: reviewRows.insert,
    update: reviewRows.update,
    /**
     * Waiting reviews (issue 40) whose author now has standing, or whom the reviewed person answered in a
     * conversation: they may be shown. Read through the partial index of waiting reviews.
     */
    waitingReady: (now: number, limit: number): Promise<ReviewRow[]> =>
      db
        .select()
        .from(reviews)
        .where(
          and(
            live(reviews, { waiting: true }),
            or(
              hasStandingSql(sql`${reviews.authorId}`, now),
              exchangedSql(sql`${reviews.authorId}`, sql`${reviews.userId}`),
            ),
          ),
        )
        .limit(limit),
    /** Live reviews received by a user that everyone sees (not waiting), newest first, with their context. */
    async liveForUserWithContext(userId: string): Promise<ReviewWithContext[]> {
      const rows = await withContext()
        .where(live(reviews, { userId, waiting: false }))
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
