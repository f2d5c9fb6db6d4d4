import type { ReviewRow, UserRow } from '../../../../schema/db/tables.ts';
import type { ProfileDoc, ReviewDoc } from '../../../../schema/entities.ts';
import type { WithDeleted } from '../../../../schema/sync.ts';

export const reviewOf = (r: ReviewRow): WithDeleted<ReviewDoc> => ({
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
