import { useEffect } from 'react';
import type { HeldKind } from '../../../schema/sync.ts';
import { onWorkingSet } from './registry.ts';

/**
 * Keeps documents on the device while a page shows them (the working set holds them, so they stay
 * readable offline and live). A failed hold is retried by the next visit; the page reads what it has.
 */
export function useHeld(kind: HeldKind, ids: string[]): void {
  const key = [...new Set(ids.filter(Boolean))].sort().join(',');
  useEffect(() => {
    if (!key) return;
    return onWorkingSet((ws) => void ws?.hold(kind, key.split(',')).catch(() => undefined));
  }, [kind, key]);
}
