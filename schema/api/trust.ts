import { z } from 'zod';

/**
 * Reports and blocking over REST (issue 24). The bodies are checked by the shared rules
 * (schema/rules/reports.ts), so the validator only documents them.
 */
export const reportBody = z
  .unknown()
  .describe(
    '{ id?: string (made by the device), announcementId | userId | messageId, reason: one of the five, details?: ≤ 1000 }',
  );

export const reportAnswer = z.object({
  id: z.string(),
  targetType: z.enum(['announcement', 'user', 'message']),
  targetId: z.string(),
  reason: z.string(),
  details: z.string(),
  status: z.string(),
  createdAt: z.string(),
  message: z.string(),
});

/** Between the caller and another person: what the conversation with them may still do. */
export const relationAnswer = z.object({
  deleted: z.boolean(),
  blockedByMe: z.boolean(),
  blockedMe: z.boolean(),
});
export type Relation = z.infer<typeof relationAnswer>;

export const blockBody = z.unknown().describe('{ userId: string }');

export const blockedUser = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  blockedAt: z.string(),
});
export const blockedList = z.array(blockedUser);
export type BlockedUser = z.infer<typeof blockedUser>;
