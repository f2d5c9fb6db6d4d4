import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants.ts';
import { AVATAR_TYPES, checkAvatarCandidate, PROFILE_MESSAGES } from './profile.ts';

describe('avatar photos', () => {
  it('takes JPEG, PNG and WebP up to the size limit', () => {
    for (const type of AVATAR_TYPES) expect(checkAvatarCandidate({ type, size: 1000 }), type).toBeNull();
    expect(checkAvatarCandidate({ type: 'image/jpeg', size: LIMITS.imageMaxBytes })).toBeNull();
  });

  it('names the problem: another type, or too large', () => {
    expect(checkAvatarCandidate({ type: 'image/gif', size: 10 })).toBe(PROFILE_MESSAGES.imageType);
    expect(checkAvatarCandidate({ type: '', size: 10 })).toBe(PROFILE_MESSAGES.imageType);
    expect(checkAvatarCandidate({ type: 'image/png', size: LIMITS.imageMaxBytes + 1 })).toBe(
      PROFILE_MESSAGES.imageTooLarge,
    );
  });
});
