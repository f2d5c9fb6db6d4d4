import { type StandingWait, standingWait } from '../../../schema/rules/standing.ts';
import type { StandingRepository } from '../repositories/standing.ts';

/**
 * Standing (issue 40): whether a person's report or review carries weight now, and if not, what they still
 * lack (the Romanian sentence the client shows). The rule is schema/rules/standing.ts; its SQL, for the
 * queries that count many people at once, repositories/standing.ts.
 */
export function standingService(deps: { repo: StandingRepository; now?: () => number }) {
  const now = deps.now ?? Date.now;
  /** Null when `userId` has standing; otherwise what they lack. */
  async function waitOf(userId: string, at = now()): Promise<StandingWait | null> {
    const facts = await deps.repo.facts(userId, at);
    return facts ? standingWait(facts, at) : 'address_and_age';
  }
  return {
    waitOf,
    /**
     * What a review by `authorId` of `userId` waits for, or null when it counts at once: the author has
     * standing, or the reviewed person answered them in a conversation (the transaction marketplaces ask
     * for before a review: whoever dealt with you may say how it went, whatever their account's age).
     */
    async reviewWaitOf(authorId: string, userId: string, at = now()): Promise<StandingWait | null> {
      const wait = await waitOf(authorId, at);
      if (wait === null) return null;
      return (await deps.repo.exchanged(authorId, userId)) ? null : wait;
    },
  };
}
export type StandingService = ReturnType<typeof standingService>;
