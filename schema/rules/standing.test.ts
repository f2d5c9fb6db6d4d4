import { describe, expect, it } from 'vitest';
import { STANDING, type StandingFacts, standingWait } from './standing.ts';

const now = Date.parse('2026-12-07T12:00:00.000Z');
const dayAgo = new Date(now - STANDING.minAccountAgeMs).toISOString();
const justNow = new Date(now - 1_000).toISOString();
const person = (over: Partial<StandingFacts> = {}): StandingFacts => ({
  createdAt: dayAgo,
  emailVerifiedAt: now - 5_000,
  answered: false,
  deleted: false,
  suspendedUntil: 0,
  ...over,
});

describe('standing (issue 40)', () => {
  it('a confirmed address and a day of age, or an answer in a conversation', () => {
    expect(standingWait(person(), now)).toBeNull();
    expect(standingWait(person({ createdAt: justNow }), now)).toBe('age');
    expect(standingWait(person({ emailVerifiedAt: 0 }), now)).toBe('address');
    expect(standingWait(person({ emailVerifiedAt: 0, createdAt: justNow }), now)).toBe('address_and_age');
    expect(standingWait(person({ emailVerifiedAt: 0, createdAt: justNow, answered: true }), now)).toBeNull();
  });

  it('a suspended, banned or deleted account has none', () => {
    expect(standingWait(person({ suspendedUntil: now + 1 }), now)).toBe('address_and_age');
    expect(standingWait(person({ deleted: true, answered: true }), now)).toBe('address_and_age');
    expect(standingWait(person({ suspendedUntil: now - 1 }), now)).toBeNull();
  });
});
