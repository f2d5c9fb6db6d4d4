import { z } from 'zod';
import { isObjectId } from '../ids.ts';
import { foldDiacritics } from '../words.ts';
import { REPORT_DETAILS_MAX, REPORT_MESSAGES, REPORT_REASONS, type ReportReason } from './report-texts.ts';

/**
 * Reports and blocking (issue 24): one rule for the dialog, the device's queue and the server.
 */

export {
  BLOCK_MESSAGES,
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASONS,
  type ReportReason,
} from './report-texts.ts';

const folded = new Map(REPORT_REASONS.map((r) => [foldDiacritics(r), r]));

/** The canonical reason for what a client sent (with or without diacritics, any case), or null. */
export function canonicalReason(raw: unknown): ReportReason | null {
  if (typeof raw !== 'string') return null;
  return folded.get(foldDiacritics(raw.trim()).replace(/\s+/g, ' ')) ?? null;
}

export type ReportTarget = { type: 'announcement' | 'user' | 'message'; id: string };

/** A report as a client sends it: exactly one of the three ids, a reason, optional details and its own id. */
export const reportInput = z
  .object({
    id: z.string().refine(isObjectId).optional(),
    announcementId: z.string().optional(),
    userId: z.string().optional(),
    messageId: z.string().optional(),
    reason: z.unknown(),
    details: z.string({ error: REPORT_MESSAGES.details }).optional(),
  })
  .strip();

export type ReportRequest = {
  id?: string;
  target: ReportTarget;
  reason: ReportReason;
  details: string;
};

/** Checks a report's body: the request, or the first problem in Romanian. */
export function parseReport(
  body: unknown,
): { ok: true; value: ReportRequest } | { ok: false; error: string } {
  const parsed = reportInput.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: issue?.path[0] === 'details' ? REPORT_MESSAGES.details : REPORT_MESSAGES.target,
    };
  }
  const b = parsed.data;
  const given = (['announcement', 'user', 'message'] as const)
    .map((type) => ({ type, id: b[`${type}Id`] }))
    .filter((t): t is ReportTarget => typeof t.id === 'string' && t.id !== '');
  if (given.length !== 1) return { ok: false, error: REPORT_MESSAGES.target };
  const reason = canonicalReason(b.reason);
  if (!reason) return { ok: false, error: REPORT_MESSAGES.reason };
  const details = (b.details ?? '').trim();
  if (details.length > REPORT_DETAILS_MAX) return { ok: false, error: REPORT_MESSAGES.details };
  return { ok: true, value: { ...(b.id ? { id: b.id } : {}), target: given[0]!, reason, details } };
}
