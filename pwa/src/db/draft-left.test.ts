// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../schema/constants.ts';
import { deviceUserId, forgetDraftLeft, isLeftDraft, markDraftLeft } from './draft-left.ts';

describe('the draft left at a sign-out (issue 25, item 6)', () => {
  beforeEach(() => localStorage.clear());

  it('hides that version and older ones for that person on this device, not newer ones nor others', () => {
    markDraftLeft('u1', '2026-11-28T10:00:00.000Z');
    expect(isLeftDraft('u1', '2026-11-28T10:00:00.000Z')).toBe(true);
    expect(isLeftDraft('u1', '2026-11-27T09:00:00.000Z')).toBe(true);
    // Typed on another device after the sign-out: shown as usual.
    expect(isLeftDraft('u1', '2026-11-28T10:00:00.001Z')).toBe(false);
    expect(isLeftDraft('u2', '2026-11-28T10:00:00.000Z')).toBe(false);
    expect(isLeftDraft(null, '2026-11-28T10:00:00.000Z')).toBe(false);
  });

  it('is forgotten once the person starts a new draft, and survives bad storage', () => {
    markDraftLeft('u1', '2026-11-28T10:00:00.000Z');
    markDraftLeft('u2', '2026-11-28T11:00:00.000Z');
    forgetDraftLeft('u1');
    expect(isLeftDraft('u1', '2026-11-28T10:00:00.000Z')).toBe(false);
    expect(isLeftDraft('u2', '2026-11-28T11:00:00.000Z')).toBe(true);
    localStorage.setItem('hobbiz_draft_left', '{not json');
    expect(isLeftDraft('u2', '2026-11-28T11:00:00.000Z')).toBe(false);
  });

  it('reads who is signed in from the session’s key', () => {
    expect(deviceUserId()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.userId, 'u9');
    expect(deviceUserId()).toBe('u9');
  });
});
