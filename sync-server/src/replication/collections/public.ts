import type { ReviewRow, UserRow } from '../../../../schema/db/tables.ts';
import type { ProfileDoc, ReviewDoc } from '../../../../schema/entities.ts';
import type { WithDeleted } from '../../../../schema/sync.ts';
import type { ReviewsRepository } from '../../repositories/reviews.ts';
import type { UsersRepository } from '../../repositories/users.ts';
import { type CollectionHandler, clampBatch, page } from '../types.ts';

const reviewOf = (r: ReviewRow): WithDeleted<ReviewDoc> => ({
  id: r.id,
  authorId: r.authorId,
  userId: r.userId,
  announcementId: r.announcementId ?? '',
  score: r.score,
  comment: r.deleted ? '' : r.comment,
  likes: r.likes,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  _deleted: r.deleted,
});

/** Public fields only — never email, phone, password material or tokens. A deleted account is a tombstone. */
const profileOf = (u: UserRow): WithDeleted<ProfileDoc> => ({
  id: u.id,
  firstName: u.deleted ? '' : u.firstName,
  lastName: u.deleted ? '' : u.lastName,
  avatar: u.deleted ? '' : (u.avatar ?? ''),
  localitate: u.deleted ? '' : u.localitate,
  createdAt: u.createdAt,
  lastSeen: u.lastSeen,
  _deleted: u.deleted,
});

export function reviewsCollection(repo: ReviewsRepository): CollectionHandler {
  return {
    public: true,
    pull: (_ctx, checkpoint, batchSize) =>
      page(repo.changedSince(checkpoint?.seq ?? 0, clampBatch(batchSize)), checkpoint, reviewOf),
  };
}

export function profilesCollection(repo: UsersRepository): CollectionHandler {
  return {
    public: true,
    pull: (_ctx, checkpoint, batchSize) =>
      page(repo.changedSince(checkpoint?.seq ?? 0, clampBatch(batchSize)), checkpoint, profileOf),
  };
}
