import { asc, gt } from 'drizzle-orm';
import { type ReviewRow, reviews } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

export function reviewsRepository(db: Db) {
  return {
    changedSince(afterSeq: number, limit: number): ReviewRow[] {
      return db
        .select()
        .from(reviews)
        .where(gt(reviews.seq, afterSeq))
        .orderBy(asc(reviews.seq))
        .limit(limit)
        .all();
    },
  };
}
export type ReviewsRepository = ReturnType<typeof reviewsRepository>;
