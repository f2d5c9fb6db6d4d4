import { LIMITS } from '../constants.ts';

/**
 * Quotas on the bytes a person can make the server keep (issue 40, items 4 and 5): chat files,
 * announcement photos, avatars. The write limits (WRITE_LIMITS) count requests; these count bytes, so a
 * flood of 10 MB files stops at a size, not after hundreds of them. A file is counted by the bytes it
 * arrived with (what the size limits measure too); a photo is stored re-encoded at ≤ 1600 px, usually
 * smaller than it came.
 *
 * Three kinds of bound:
 * - what an account holds waiting (standing totals: files not yet in a message, photos not yet in an
 *   announcement); sending or publishing frees them, and unused ones go after a few hours (below);
 * - what an account and an address may add in a day (24-hour windows, counted in the database so every
 *   instance spends the same budget);
 * - what the instance may add in a day, and the free disk it keeps (config.ts: UPLOAD_DAILY_BUDGET_BYTES,
 *   UPLOAD_MIN_FREE_BYTES): past those every new file is refused with 507 until room comes back.
 */
const MB = 1024 * 1024;

export const UPLOAD_QUOTAS = {
  /**
   * Chat files uploaded for messages not sent yet, per account. The device uploads a file written
   * offline just before its message goes (a few seconds), so a person waits on a handful at most:
   * 5 files of the largest size (10 MB).
   */
  chatUnsentBytes: 5 * LIMITS.attachmentMaxBytes,
  /**
   * Photos uploaded for announcements not published yet, per account: two full announcements of the
   * largest photos (2 × 10 × 5 MB). Photos resized by the device (1600 px) are 0.3–0.6 MB, so this is
   * well over a hundred photos.
   */
  photosUnclaimedBytes: 2 * LIMITS.imagesMax * LIMITS.imageMaxBytes,
  /**
   * Everything one account may add in 24 hours (photos, chat files, avatars). A busy seller publishing 20
   * announcements of 10 device-resized photos a day adds ~100 MB; 300 MB leaves room for large originals
   * and chat files. The finding was 9 GB an hour from one address.
   */
  accountBytesPerDay: 300 * MB,
  /**
   * Everything one address (IPv4, or an IPv6 /64) may add in 24 hours, whatever the accounts: ~3 busy
   * sellers behind one home or carrier address (mobile carriers share addresses). Many throwaway accounts
   * from one address share this one budget.
   */
  addressBytesPerDay: 1024 * MB,
  /** The window of the daily budgets. */
  windowMs: 24 * 3_600_000,
} as const;

/**
 * A chat file nobody sent in a message is removed after this long (services/chat-upload-purge.ts). The
 * device writes the message seconds after the file, but its push can wait for the link: a day covers a
 * phone that loses it right after the upload and comes back the next morning (the device no longer has
 * the file by then). What an account may leave unsent at once is bounded anyway (50 MB, above).
 */
export const CHAT_UNSENT_RETENTION_MS = 24 * 3_600_000;

const size = (bytes: number) =>
  bytes >= 1024 * MB
    ? `${(bytes / (1024 * MB)).toLocaleString('ro-RO', { maximumFractionDigits: 1 })} GB`
    : `${Math.round(bytes / MB)} MB`;

/** What a refused upload says (413: the person's or address's quota; 507: the instance's). */
export const UPLOAD_QUOTA_MESSAGES = {
  chatUnsent: `Ai atins limita de spațiu pentru fișiere: ${size(UPLOAD_QUOTAS.chatUnsentBytes)} de fișiere încă netrimise. Trimite sau anulează fișierele care așteaptă, apoi încearcă din nou.`,
  photosUnclaimed: `Ai atins limita de spațiu pentru fotografii: ${size(UPLOAD_QUOTAS.photosUnclaimedBytes)} de fotografii încă nepublicate. Publică anunțul sau renunță la câteva fotografii, apoi încearcă din nou.`,
  accountDay: `Ai atins limita de spațiu pentru fișiere: ${size(UPLOAD_QUOTAS.accountBytesPerDay)} într-o zi. Poți încărca din nou mâine.`,
  addressDay: `Ai atins limita de spațiu pentru fișiere de la această conexiune: ${size(UPLOAD_QUOTAS.addressBytesPerDay)} într-o zi. Poți încărca din nou mâine.`,
  instanceFull: 'Serverul nu mai are spațiu pentru fișiere noi. Încearcă mai târziu.',
} as const;
