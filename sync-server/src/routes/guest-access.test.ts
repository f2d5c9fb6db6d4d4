import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../../schema/rules/reviews.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';

/**
 * Every route of the OpenAPI document, called by a guest: exactly the signed-in ones answer 401, before
 * anything else (a body, even an invalid one, is not looked at). The list is written out here, so a route
 * that loses its guard, or a public one that gains one, fails this test.
 */
const SIGNED_IN = [
  'GET /api/favorites',
  'POST /api/favorites/{id}',
  'DELETE /api/favorites/{id}',
  'GET /api/notifications/{userId}',
  'DELETE /api/notifications/{id}',
  'GET /api/messages/conversations/{userId}',
  'GET /api/messages/conversation/{conversationId}',
  'PUT /api/messages/conversation/{conversationId}/mark-read',
  'POST /api/messages',
  'POST /api/messages/attachments',
  'POST /api/messages/{id}/react',
  'DELETE /api/messages/{id}',
  'GET /api/users/my-announcements',
  'POST /api/users/my-announcements',
  'PUT /api/users/my-announcements/{id}',
  'DELETE /api/users/my-announcements/{id}',
  'POST /api/users/my-announcements/{id}/renew',
  'PUT /api/users/my-announcements/{id}/active',
  'GET /api/users/my-announcements/photos/{photoId}',
  'PUT /api/users/my-announcements/photos/{photoId}',
  'POST /api/reviews',
  'PUT /api/reviews/{id}',
  'DELETE /api/reviews/{id}',
  'POST /api/reviews/{id}/like',
  'GET /api/users/profile',
  'PUT /api/users/profile',
  'POST /api/users/avatar',
  'DELETE /api/users/avatar',
  'GET /api/users/notification-settings',
  'PUT /api/users/notification-settings',
  'PUT /api/users/update-email',
  'PUT /api/users/update-password',
  'POST /api/users/logout-all',
  'DELETE /api/users/delete-account',
  'GET /api/users/sessions',
  'DELETE /api/users/sessions/{id}',
  'POST /api/users/verify-email/resend',
  'POST /api/push/subscriptions',
  'DELETE /api/push/subscriptions',
  'POST /api/reports',
  'GET /api/users/relation/{userId}',
  'GET /api/users/blocked',
  'POST /api/users/blocked',
  'DELETE /api/users/blocked/{userId}',
  'GET /api/users/my-announcements/hidden',
  'POST /api/users/my-announcements/{id}/review-request',
  'GET /api/moderation/reports',
  'GET /api/moderation/log',
  'POST /api/moderation/reports/dismiss',
  'POST /api/moderation/announcements/{id}/hide',
  'POST /api/moderation/announcements/{id}/restore',
  'POST /api/moderation/users/{id}/suspend',
  'POST /api/moderation/users/{id}/unsuspend',
];
/** Where the spec words a guest's refusal its own way. */
const OWN_MESSAGE: Record<string, string> = { 'POST /api/reviews/{id}/like': REVIEW_MESSAGES.likeSignIn };

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let ann: string;
let ownerId: string;
beforeEach(async () => {
  app = await buildTestApp();
  ownerId = (await registerAndLogin(app)).userId;
  ann = await insertAnnouncement(app, ownerId);
});
afterEach(async () => {
  await app.cleanup();
});

describe('guests and the signed-in routes', () => {
  it('every documented route: 401 exactly for the signed-in ones, whatever the body', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const seen: string[] = [];
    const guarded: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations).filter((m) => m !== 'parameters')) {
        const route = `${method.toUpperCase()} ${path}`;
        seen.push(route);
        const url = path.replace(/\{userId\}/g, ownerId).replace(/\{[^}]+\}/g, ann);
        // A body every route refuses (an array, not an object): the guard answers before it is read.
        const withBody = method !== 'get';
        const res = await app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          ...(withBody ? { payload: '[1]', headers: { 'content-type': 'application/json' } } : {}),
        });
        if (res.statusCode !== 401) continue;
        guarded.push(route);
        expect(res.json(), route).toEqual({
          error: OWN_MESSAGE[route] ?? 'Trebuie să fii autentificat.',
          code: 'unauthorized',
        });
      }
    }
    // Every listed route is documented (a renamed one is noticed), and the guarded ones are exactly the list.
    expect(seen).toEqual(expect.arrayContaining(SIGNED_IN));
    expect(guarded.sort()).toEqual([...SIGNED_IN].sort());
  });
});
