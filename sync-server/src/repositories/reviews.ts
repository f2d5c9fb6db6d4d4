import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { announcements, type ReviewRow, reviews, users } from '../../../schema/db/tables.ts';
import type { ReviewWithContext } from '../../../schema/profile-api.ts';
import type { Db } from '../plugins/db.ts';
import { changedAfter, firstRow, live, readInChunks, rowsById } from './queries.ts';

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
    /** Live reviews received by a user, newest first, with their card context. */
    async liveForUserWithContext(userId: string): Promise<ReviewWithContext[]> {
      const rows = await withContext()
        .where(live(reviews, { userId }))
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
