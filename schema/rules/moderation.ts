import { z } from 'zod';

/**
 * Moderation (issue 24): what a moderator sends and what the people concerned read. Every action needs a
 * reason: it goes into the audit log and, for a hidden announcement, to its owner.
 */
export const MODERATION = {
  // The automatic hold's numbers (reporters of standing, distinct networks, window): AUTO_HOLD in ./standing.ts.
  reasonMin: 3,
  reasonMax: 500,
  suspendDaysMax: 365,
  /** Open reports the console reads at once (grouped per target). */
  queueLimit: 500,
} as const;

export const MODERATION_MESSAGES = {
  forbidden: 'Doar moderatorii au acces la această pagină.',
  reason: `Scrie motivul (între ${MODERATION.reasonMin} și ${MODERATION.reasonMax} de caractere).`,
  days: `Alege câte zile (între 1 și ${MODERATION.suspendDaysMax}).`,
  notFound: 'Nu am găsit ce vrei să moderezi.',
  self: 'Nu îți poți suspenda propriul cont.',
  /** Issue 45: who the moderation log names for the automatic hold, and for a moderator whose account is gone. */
  systemName: 'Ascundere automată',
  deletedModerator: 'Moderator cu cont șters',
  hiddenToOwner: (title: string, reason: string) =>
    `Anunțul „${title}” a fost ascuns de moderare. Motiv: ${reason}. Îl poți modifica și cere o nouă verificare.`,
  restoredToOwner: (title: string) => `Anunțul „${title}” este din nou vizibil.`,
  reportActioned: (what: string) => `Mulțumim pentru raportare! Am verificat ${what} și am luat măsuri.`,
  reportDismissed: (what: string) =>
    `Mulțumim pentru raportare! Am verificat ${what} și nu am găsit o încălcare a regulilor.`,
  ownerCannotActivate: (reason: string) =>
    `Anunțul a fost ascuns de moderare (${reason}). Modifică-l și cere o nouă verificare.`,
  suspended: (until: string) => `Contul tău este suspendat până la ${until}.`,
  banned: 'Contul tău a fost închis de moderare.',
  autoHold: 'Ascuns automat până la verificare: raportat de mai multe persoane.',
  reviewAsked: 'Am primit cererea. Un moderator va verifica din nou anunțul.',
  reviewNotHidden: 'Anunțul nu este ascuns.',
  notHidden: 'Anunțul nu este ascuns de moderare.',
  hiddenBySuspension: 'Anunțul este ascuns odată cu suspendarea contului: ridică suspendarea ca să revină.',
} as const;

export const moderationReason = z
  .string({ error: MODERATION_MESSAGES.reason })
  .trim()
  .min(MODERATION.reasonMin, MODERATION_MESSAGES.reason)
  .max(MODERATION.reasonMax, MODERATION_MESSAGES.reason);

export const reasonBody = z.object({ reason: moderationReason });
export const suspendBody = z.object({
  reason: moderationReason,
  /** Days of suspension; absent or null: a ban (no end). */
  days: z
    .number({ error: MODERATION_MESSAGES.days })
    .int(MODERATION_MESSAGES.days)
    .min(1, MODERATION_MESSAGES.days)
    .max(MODERATION.suspendDaysMax, MODERATION_MESSAGES.days)
    .nullable()
    .optional(),
});
export const dismissBody = z.object({
  reason: moderationReason,
  targetType: z.enum(['announcement', 'user', 'message'], { error: MODERATION_MESSAGES.notFound }),
  targetId: z.string({ error: MODERATION_MESSAGES.notFound }),
});

/** A ban's end: far enough never to come (and a valid Date). */
export const BAN_UNTIL = 8_640_000_000_000_000;

/** Why an account may not sign in now (a suspension or a ban), or null. `formatDate` names the day. */
export function suspensionMessage(
  suspendedUntil: number,
  now: number,
  formatDate: (d: Date) => string,
): string | null {
  if (suspendedUntil <= now) return null;
  return suspendedUntil >= BAN_UNTIL
    ? MODERATION_MESSAGES.banned
    : MODERATION_MESSAGES.suspended(formatDate(new Date(suspendedUntil)));
}
