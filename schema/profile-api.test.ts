import { describe, expect, it } from 'vitest';
import type { AnnouncementDoc, ProfileDoc, ReviewDoc } from './entities.ts';
import { reviewFromApi, reviewFromDocs } from './profile-api.ts';
import { REVIEW_MESSAGES, type ReviewApi } from './rules/reviews.ts';

const review: ReviewDoc = {
  id: 'r1',
  authorId: 'a1',
  userId: 'u1',
  announcementId: 'x1',
  score: 4.5,
  comment: 'Foarte bine',
  likes: ['u9'],
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
};
const author: ProfileDoc = {
  id: 'a1',
  firstName: 'Ana',
  lastName: 'Pop',
  avatar: '/uploads/avatars/a.jpg',
  localitate: 'Iași',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSeen: '2026-05-01T00:00:00.000Z',
};

describe('review cards from the local database and from REST agree', () => {
  it('joins the author card and the announcement title', () => {
    const view = reviewFromDocs(
      review,
      new Map([['a1', author]]),
      new Map([['x1', { title: 'Ședință foto' } as AnnouncementDoc]]),
    );
    expect(view).toMatchObject({
      authorName: 'Ana Pop',
      authorAvatar: author.avatar,
      announcementTitle: 'Ședință foto',
    });
  });

  it('a deleted author reads "Utilizator șters"; a gone announcement leaves no title', () => {
    const view = reviewFromDocs(review, new Map(), new Map());
    expect(view.authorName).toBe(REVIEW_MESSAGES.deletedAuthor);
    expect(view.authorAvatar).toBe('');
    expect(view.announcementTitle).toBe('');
  });

  it('the REST shape maps to the same view', () => {
    const api: ReviewApi = {
      _id: 'r1',
      author: 'a1',
      authorName: 'Ana Pop',
      authorAvatar: author.avatar,
      user: 'u1',
      announcement: 'x1',
      announcementTitle: 'Ședință foto',
      score: 4.5,
      comment: 'Foarte bine',
      createdAt: review.createdAt,
      updatedAt: review.updatedAt,
      likes: ['u9'],
      likesCount: 1,
    };
    const local = reviewFromDocs(
      review,
      new Map([['a1', author]]),
      new Map([['x1', { title: 'Ședință foto' } as AnnouncementDoc]]),
    );
    expect(reviewFromApi(api)).toEqual(local);
  });
});
