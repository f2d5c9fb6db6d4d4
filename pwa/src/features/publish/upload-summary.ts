import { formatBytes } from '../../../../schema/format.ts';
import type { PhotosSummary } from '../../db/photo-uploads.ts';

/** 'Se încarcă 3 din 10 · 1,2 MB din 2,4 MB', or what became of the photos once none is going up. */
export function uploadSummaryText(s: PhotosSummary): string | null {
  if (s.count === 0) return null;
  const bytes = `${formatBytes(s.sentBytes)} din ${formatBytes(s.totalBytes)}`;
  if (s.done === s.count) {
    return s.count === 1
      ? `Fotografia a fost încărcată (${formatBytes(s.totalBytes)}).`
      : `Toate cele ${s.count} fotografii au fost încărcate (${formatBytes(s.totalBytes)}).`;
  }
  if (s.failed > 0 && s.done + s.failed === s.count) {
    return `${s.failed === 1 ? 'O fotografie nu a putut fi încărcată' : `${s.failed} fotografii nu au putut fi încărcate`} · ${bytes}`;
  }
  return `Se încarcă ${Math.min(s.count, s.done + s.failed + 1)} din ${s.count} · ${bytes}`;
}
