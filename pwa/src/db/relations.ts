import { useCallback, useEffect, useState } from 'react';
import type { apiMessage } from '../../../schema/api/common.ts';
import type { Relation } from '../../../schema/api/trust.ts';
import { BLOCK_MESSAGES } from '../../../schema/rules/report-texts.ts';
import { type Answer, api, failureMessage } from '../api/client.ts';

/**
 * Between the signed-in person and someone else (issue 24): the other account gone, or a block either
 * way. The conversation shows it in place of the composer; the header and the profile block or unblock.
 * Kept per person in memory and in localStorage, so a conversation opened offline shows the last known
 * state; refreshed whenever it is opened online and after a message is refused for one of these reasons.
 */
const NONE: Relation = { deleted: false, blockedByMe: false, blockedMe: false };
const STORE_PREFIX = 'hobbiz:relation:';
const known = new Map<string, Relation>();
const listeners = new Set<() => void>();

function stored(userId: string): Relation | null {
  const hit = known.get(userId);
  if (hit) return hit;
  try {
    const raw = localStorage.getItem(STORE_PREFIX + userId);
    return raw ? (JSON.parse(raw) as Relation) : null;
  } catch {
    return null;
  }
}

function remember(userId: string, r: Relation): void {
  known.set(userId, r);
  try {
    if (r.deleted || r.blockedByMe || r.blockedMe)
      localStorage.setItem(STORE_PREFIX + userId, JSON.stringify(r));
    else localStorage.removeItem(STORE_PREFIX + userId);
  } catch {
    // A full or refused storage keeps the state in memory only.
  }
  for (const fn of listeners) fn();
}

/** Asks the server; the last known state stays when it cannot be reached. */
export async function refreshRelation(userId: string): Promise<Relation | null> {
  try {
    const r = await api<Relation>(`/api/users/relation/${encodeURIComponent(userId)}`);
    remember(userId, r);
    return r;
  } catch {
    return null;
  }
}

/** The refusals that mean the relation changed (a send refused over REST or the socket). */
export function isRelationRefusal(error: string): boolean {
  return [BLOCK_MESSAGES.blockedByOther, BLOCK_MESSAGES.youBlocked, BLOCK_MESSAGES.deletedAccount].includes(
    error as never,
  );
}

/** Every known relation asked again (after such a refusal, whichever conversation it came from). */
export function refreshKnownRelations(): void {
  for (const id of known.keys()) void refreshRelation(id);
}

export function useRelation(userId: string): Relation {
  const [relation, setRelation] = useState<Relation>(() => stored(userId) ?? NONE);
  useEffect(() => {
    const update = () => setRelation(stored(userId) ?? NONE);
    listeners.add(update);
    update();
    if (!known.has(userId)) known.set(userId, stored(userId) ?? NONE);
    void refreshRelation(userId);
    return () => {
      listeners.delete(update);
    };
  }, [userId]);
  return relation;
}

/** Blocks or unblocks; answers the server's confirmation (throws what api() throws, offline included). */
export async function setBlocked(userId: string, blocked: boolean): Promise<string> {
  const answer = blocked
    ? await api<Answer<typeof apiMessage>>('/api/users/blocked', {
        method: 'POST',
        json: { userId },
        fallbackError: 'Nu am putut bloca utilizatorul. Încearcă din nou.',
      })
    : await api<Answer<typeof apiMessage>>(`/api/users/blocked/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
        fallbackError: 'Nu am putut debloca utilizatorul. Încearcă din nou.',
      });
  remember(userId, { ...(stored(userId) ?? NONE), blockedByMe: blocked });
  return answer.message;
}

/** A block/unblock action with its busy state and its outcome (for a button). */
export function useBlockAction(userId: string) {
  const relation = useRelation(userId);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const toggle = useCallback(async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult({ ok: true, text: await setBlocked(userId, !relation.blockedByMe) });
    } catch (err) {
      setResult({ ok: false, text: failureMessage(err) });
    } finally {
      setBusy(false);
    }
  }, [userId, relation.blockedByMe]);
  return { relation, busy, result, toggle };
}
