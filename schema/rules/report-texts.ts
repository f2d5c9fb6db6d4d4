/**
 * The texts and limits of reports and blocking (issue 24), apart from their validation (reports.ts, which
 * re-exports them): the device's modules that only show a message (relations, the report queue) load
 * without zod.
 */

/** The report dialog's reasons, in their canonical spelling (what is stored and shown to moderators). */
export const REPORT_REASONS = [
  'Fraudă sau înșelăciune',
  'Conținut interzis sau ofensator',
  'Anunț duplicat sau spam',
  'Informații false sau înșelătoare',
  'Altceva',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DETAILS_MAX = 1000;

export const REPORT_MESSAGES = {
  target: 'Alege ce raportezi: un anunț, o persoană sau un mesaj.',
  reason: 'Alege motivul raportării.',
  details: `Detaliile pot avea cel mult ${REPORT_DETAILS_MAX} de caractere.`,
  notFound: 'Nu am găsit ce vrei să raportezi.',
  self: 'Nu te poți raporta pe tine.',
  sent: 'Mulțumim! Am primit raportarea și o vom verifica.',
  queued: 'Ești offline: raportarea va fi trimisă când revii online.',
  already: 'Ai raportat deja acest lucru. Îl verificăm.',
} as const;

export const BLOCK_MESSAGES = {
  self: 'Nu te poți bloca pe tine.',
  notFound: 'Utilizatorul nu a fost găsit.',
  /** To the blocked person: they may not write to (or notify) the one who blocked them. */
  blockedByOther: 'Nu poți trimite mesaje acestei persoane.',
  /** To the one who blocked: unblock first. */
  youBlocked: 'Ai blocat această persoană. Deblochează-o ca să îi poți scrie.',
  blocked: 'Utilizatorul a fost blocat. Nu îți mai poate scrie.',
  unblocked: 'Utilizatorul a fost deblocat.',
  deletedAccount: 'Acest cont a fost șters',
} as const;
