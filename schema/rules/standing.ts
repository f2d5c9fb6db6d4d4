/**
 * Standing (issue 40): how much weight a person's report or review carries. Accounts cost nothing — one
 * address made three in 0.7 s and hid any announcement with them — so weight comes from what is costly to
 * fake, as Stack Overflow grants privileges by earned reputation rather than by sign-up:
 * - an address confirmed through a link mailed to it (or vouched for by Google/Facebook), AND
 * - an account at least `minAccountAgeMs` old (a throwaway made for one attack must wait a day), OR
 * - a conversation in which the other side, itself confirmed and older than a day, answered: a real
 *   exchange with an established person (a buyer who asked and got an answer, as marketplaces allow a review
 *   only after a transaction). The other side must be established so that throwaways cannot answer each other.
 * A suspended, banned or deleted account has none. The server computes it (services/standing.ts, its SQL in
 * repositories/standing.ts); the client only reads which wait applies to show the right sentence.
 */
export const STANDING = {
  /**
   * A day: long enough that an attack needs accounts prepared the day before (and a moderator's day to
   * notice a batch of sign-ups), short enough that a real new buyer who confirmed their address counts the
   * next day.
   */
  minAccountAgeMs: 24 * 60 * 60_000,
  /**
   * How often waiting reviews are looked at again (their authors may have confirmed their address, come of
   * age or been answered): a few minutes of delay nobody notices, for one indexed query.
   */
  promoteEveryMs: 5 * 60_000,
  /** Waiting reviews promoted in one write (the rest the next pass): a write stays short. */
  promoteBatch: 200,
} as const;

/**
 * The automatic hold (issue 40): how many reporters of standing, from how many distinct networks, within
 * the window, hide an announcement until a moderator looks (Craigslist's flagging: flags from many distinct
 * users hide a post and staff review it). Three distinct networks: one home, one office and one phone of the
 * same person are already three, but a single address (or a /24, a /48 block) never is; a reporter without
 * standing only reaches the queue.
 */
export const AUTO_HOLD = {
  reportersOfStanding: 3,
  distinctNetworks: 3,
  windowMs: 24 * 60 * 60_000,
  /** Networks reports are grouped by: IPv4 by /24 (one operator's block), IPv6 by /48 (one site's prefix). */
  ipv4PrefixBits: 24,
  ipv6PrefixBits: 48,
} as const;

/** What a person still lacks for standing, the first of which the client names. */
export type StandingWait = 'address' | 'age' | 'address_and_age';

/** The facts standing is made of, as the server reads them. */
export type StandingFacts = {
  /** ISO time the account was made. */
  createdAt: string;
  /** Epoch ms the address was confirmed, 0 if not. */
  emailVerifiedAt: number;
  /** An established person answered them in a conversation. */
  answered: boolean;
  deleted: boolean;
  /** Epoch ms until which the account is suspended (0: not). */
  suspendedUntil: number;
};

/** Null when the person has standing; otherwise what they still lack. */
export function standingWait(f: StandingFacts, now: number): StandingWait | null {
  if (f.deleted || f.suspendedUntil > now) return 'address_and_age';
  if (f.answered) return null;
  const confirmed = f.emailVerifiedAt > 0;
  const aged = Date.parse(f.createdAt) <= now - STANDING.minAccountAgeMs;
  if (confirmed && aged) return null;
  if (!confirmed && !aged) return 'address_and_age';
  return confirmed ? 'age' : 'address';
}

/** What the author of a waiting review reads (the review form and the API's `waitingMessage`). */
export const REVIEW_WAIT_MESSAGES: Record<StandingWait, string> = {
  address: 'Recenzia ta va apărea după confirmarea adresei de e-mail.',
  age: 'Recenzia ta va apărea după ce contul tău împlinește o zi.',
  address_and_age:
    'Recenzia ta va apărea după ce îți confirmi adresa de e-mail și contul tău împlinește o zi.',
};
