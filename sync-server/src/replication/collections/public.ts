import type { ReviewRow, UserRow } from '../../../../schema/db/tables.ts';
import type { ProfileDoc, ReviewDoc } from '../../../../schema/entities.ts';
import type { WithDeleted } from '../../../../schema/sync.ts';

/**
 * A waiting review (issue 40: its author has no standing yet) is not sent at all (replication/held.ts);
 * should one reach this function it is a tombstone, text and likes blanked, until promoted with a new seq.
 */
export const reviewOf = (r: ReviewRow): WithDeleted<ReviewDoc> => {
  const gone = r.deleted || r.waiting;
  return {
    id: r.id,
    authorId: r.authorId,
    userId: r.userId,
    announcementId: r.announcementId ?? '',
    score: r.score,
    comment: gone ? '' : r.comment,
    likes: gone ? [] : r.likes,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    _deleted: gone,
  };
};

/** Public fields only — never email, phone, password material or tokens. A deleted account is a tombstone. */
export const profileOf = (u: UserRow): WithDeleted<ProfileDoc> => ({
  id: u.id,
  firstName: u.deleted ? '' : u.firstName,
  lastName: u.deleted ? '' : u.lastName,
  avatar: u.deleted ? '' : (u.avatar ?? ''),
  localitate: u.deleted ? '' : u.localitate,
  createdAt: u.createdAt,
  lastSeen: u.lastSeen,
  _deleted: u.deleted,
});
