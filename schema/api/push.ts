import { z } from 'zod';

/**
 * Web Push (issue 23): the server's public VAPID key, and a browser's PushSubscription as
 * `subscription.toJSON()` gives it (RFC 8030 endpoint, RFC 8291 keys, base64url).
 */
export const pushKeyAnswer = z.object({ publicKey: z.string() });

export const pushSubscriptionBody = z.object({
  endpoint: z.string().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed: 65 bytes (87 base64url characters). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/),
    /** The authentication secret: 16 bytes (22 characters). */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
