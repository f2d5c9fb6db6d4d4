import { z } from 'zod';
import { ownProfile, publicUser } from '../entities.ts';
import { notificationSettings } from '../rules/notification-settings.ts';
import type { PublicProfileApi } from '../rules/profile.ts';
import { reviewApi } from './reviews.ts';

/** GET /api/users/profile/{userId}: public fields only, the received reviews and their summary. */
export const publicProfileAnswer = publicUser.extend({
  /** The contact shown on their newest live announcement, '' when none (never the account's own). */
  phone: z.string(),
  email: z.string(),
  reviews: z.array(reviewApi),
  rating: z.object({
    average: z.number(),
    count: z.number().int(),
    histogram: z.object({
      5: z.number().int(),
      4: z.number().int(),
      3: z.number().int(),
      2: z.number().int(),
      1: z.number().int(),
    }),
  }),
});
// The PWA reads the hand-written PublicProfileApi (its first chunk has no zod); both must agree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agrees: Same<z.infer<typeof publicProfileAnswer>, PublicProfileApi> = true;
void agrees;

// Declared fields only (email, avatar, ids… sent here are dropped). Loose lengths: the shared rule
// answers with the Romanian message.
const text = z.string().max(1000).optional();
export const profileBody = z.object({
  firstName: text,
  lastName: text,
  localitate: text,
  phone: text,
  /** Issue 25: a client that saves its notification toggles with the profile (checked by the shared rule). */
  notificationSettings: z.unknown().optional(),
});
/** GET /api/users/profile: the own profile with the notification switches ('Setează notificările'). */
export const ownProfileAnswer = ownProfile.extend({ notificationSettings });
export const profileSaved = ownProfileAnswer.extend({ message: z.string() });
export const profileParams = z.object({ userId: z.string().min(1).max(64) });
export const avatarAnswer = z.object({ avatar: z.string() });
export const avatarDeleteBody = z.object({ url: z.string().max(2000).optional() });
export const avatarDeleted = z.object({ avatar: z.null() });
