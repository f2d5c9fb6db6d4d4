import { z } from 'zod';

/** The moderation console's answers (issue 24); bodies are checked by schema/rules/moderation.ts. */
const logEntry = z.object({
  id: z.string(),
  moderatorId: z.string(),
  /** Issue 45: the moderator's name (the id stays, to tell two of the same name apart). */
  moderatorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof logEntry>;

export const reportGroup = z.object({
  targetType: z.string(),
  targetId: z.string(),
  count: z.number(),
  reasons: z.record(z.string(), z.number()),
  lastAt: z.string(),
  reports: z.array(
    z.object({ id: z.string(), reason: z.string(), details: z.string(), createdAt: z.string() }),
  ),
  /** What the public sees of it (announcement, person or message), null when it is gone. */
  target: z.record(z.string(), z.unknown()).nullable(),
  history: z.array(logEntry),
});
export type ReportGroup = z.infer<typeof reportGroup>;
export const reportQueue = z.array(reportGroup);
export const moderationLog = z.array(logEntry);
export const moderationBody = z.unknown().describe('{ reason: string (3–500) }');
export const suspendBody = z.unknown().describe('{ reason: string (3–500), days?: 1–365 (absent: a ban) }');
export const dismissBody = z.unknown().describe('{ targetType, targetId, reason }');
export const hiddenOwn = z.array(z.object({ id: z.string(), reason: z.string() }));
