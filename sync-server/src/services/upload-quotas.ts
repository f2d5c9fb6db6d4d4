import { UPLOAD_QUOTA_MESSAGES as M, UPLOAD_QUOTAS as Q } from '../../../schema/rules/upload-quotas.ts';
import type { ThrottlesRepository } from '../repositories/throttles.ts';
import { fail, type Refusal, type ServiceResult } from './result.ts';

/**
 * Quotas on stored bytes (issue 40, items 4 and 5; numbers in schema/rules/upload-quotas.ts). Every upload
 * route asks here before it writes a file:
 * - `precheck` with the request's Content-Length, before a byte of the body is read: a body that cannot
 *   fit is refused at once;
 * - `withRoom` with the bytes actually received: the standing total of the kind (files waiting for their
 *   message, photos waiting for their announcement), the free disk, then the daily budgets of the
 *   account, the address and the instance, each added in one atomic statement (parallel uploads cannot
 *   pass all together); only then is the file written, and the bytes are given back if it is not kept.
 *
 * 413 when the person's or the address's quota is full, 507 when the instance's is.
 */

export type Uploader = { userId: string; ip: string };
/** What is uploaded: chat files and announcement photos have a standing total, avatars and forms do not. */
export type UploadKind = 'chat' | 'photo' | 'other';

type QuotaRefusal = Refusal;
const full = (error: string): Refusal => fail(413, error, 'quota_exceeded');
const instanceFull: Refusal = fail(507, M.instanceFull, 'storage_full');

export type UploadQuotaConfig = {
  /** Bytes all uploads of the instance may add in 24 hours; 0 = no such budget. */
  dailyBudgetBytes: number;
  /** New files are refused while the uploads' disk has less free space than this; 0 = not checked. */
  minFreeBytes: number;
};

export function uploadQuotas(deps: {
  throttles: ThrottlesRepository;
  /** Bytes of `userId`'s chat files not in a live message. */
  unsentChatBytes: (userId: string) => Promise<number>;
  /** Bytes of `userId`'s photos not in an announcement. */
  unclaimedPhotoBytes: (userId: string) => Promise<number>;
  /** Free bytes where the uploads are written; null when unknown (a bucket). */
  freeBytes: () => Promise<number | null>;
  config: UploadQuotaConfig;
  now?: () => number;
}) {
  const { throttles, config } = deps;
  const now = deps.now ?? Date.now;
  const windowMs = Q.windowMs;

  const budgets = (who: Uploader) => {
    const list: { key: string; max: number; refusal: QuotaRefusal }[] = [
      { key: `upload-bytes:acct:${who.userId}`, max: Q.accountBytesPerDay, refusal: full(M.accountDay) },
      { key: `upload-bytes:ip:${who.ip}`, max: Q.addressBytesPerDay, refusal: full(M.addressDay) },
    ];
    if (config.dailyBudgetBytes > 0)
      list.push({ key: 'upload-bytes:instance', max: config.dailyBudgetBytes, refusal: instanceFull });
    return list;
  };

  const standing = async (who: Uploader, kind: UploadKind) => {
    if (kind === 'chat')
      return { held: await deps.unsentChatBytes(who.userId), max: Q.chatUnsentBytes, msg: M.chatUnsent };
    if (kind === 'photo')
      return {
        held: await deps.unclaimedPhotoBytes(who.userId),
        max: Q.photosUnclaimedBytes,
        msg: M.photosUnclaimed,
      };
    return null;
  };

  const diskFull = async () => {
    if (config.minFreeBytes <= 0) return false;
    const free = await deps.freeBytes();
    return free !== null && free < config.minFreeBytes;
  };

  /** The first quota `bytes` more would break, or null; nothing is counted. */
  async function check(who: Uploader, kind: UploadKind, bytes: number): Promise<QuotaRefusal | null> {
    const s = await standing(who, kind);
    if (s && s.held + bytes > s.max) return full(s.msg);
    if (await diskFull()) return instanceFull;
    const list = budgets(who);
    const live = await throttles.peek(
      list.map((b) => b.key),
      now(),
    );
    for (const b of list) if ((live.get(b.key)?.count ?? 0) + bytes > b.max) return b.refusal;
    return null;
  }

  /** One upload per account at a time on this instance: a standing total is read and grown in turn. */
  const lanes = new Map<string, Promise<unknown>>();
  function inLane<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const before = lanes.get(userId) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => undefined);
    lanes.set(userId, tail);
    void tail.then(() => {
      if (lanes.get(userId) === tail) lanes.delete(userId);
    });
    return run;
  }

  return {
    /**
     * Before the body is read: a request declaring more bytes than some quota has room for is refused
     * (its body carries the file plus a little form framing, so a file that would just fit may be refused
     * a few hundred bytes early). No Content-Length (chunked): checked once the bytes are in.
     */
    precheck(
      who: Uploader,
      kind: UploadKind,
      contentLength: string | undefined,
    ): Promise<QuotaRefusal | null> {
      const declared = Number(contentLength);
      if (!Number.isSafeInteger(declared) || declared <= 0) return Promise.resolve(null);
      return check(who, kind, declared);
    },

    /**
     * Runs `store` (which writes the files and records them) once `bytes` fit every quota, with the bytes
     * counted; `kept(result)` false (the file was refused after all) or a throw gives them back. Uploads of
     * one account wait for each other here, so parallel ones cannot overshoot a standing total (across
     * several instances, by at most one file each).
     */
    withRoom<T>(
      who: Uploader,
      kind: UploadKind,
      bytes: number,
      store: () => Promise<T>,
      kept: (result: T) => boolean = () => true,
    ): Promise<ServiceResult<T>> {
      return inLane(who.userId, async () => {
        const s = await standing(who, kind);
        if (s && s.held + bytes > s.max) return full(s.msg);
        if (await diskFull()) return instanceFull;
        const t = now();
        const added: { key: string; windowStart: number }[] = [];
        const giveBack = () =>
          Promise.all(added.map((a) => throttles.subtract(a.key, a.windowStart, bytes))).then(
            () => undefined,
          );
        for (const b of budgets(who)) {
          const hit = await throttles.add(b.key, bytes, t, windowMs, b.max);
          if (!hit) {
            await giveBack();
            return b.refusal;
          }
          added.push({ key: b.key, windowStart: hit.windowStart });
        }
        let value: T;
        try {
          value = await store();
        } catch (err) {
          await giveBack();
          throw err;
        }
        if (!kept(value)) await giveBack();
        return { ok: true as const, value };
      });
    },
  };
}

export type UploadQuotas = ReturnType<typeof uploadQuotas>;
