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
    // Waiting for the connection is not a failure: they go up by themselves when it is back (issue 45).
    const refused = s.failed - s.offline;
    const later = s.offline === 1 ? 'se va încărca' : 'se vor încărca';
    const photos = s.offline === 1 ? 'o fotografie' : `${s.offline} fotografii`;
    if (refused === 0) return `Fără conexiune: ${photos} ${later} automat când revine internetul · ${bytes}`;
    const failed =
      refused === 1
        ? 'O fotografie nu a putut fi încărcată'
        : `${refused} fotografii nu au putut fi încărcate`;
    return s.offline > 0
      ? `${failed} · ${s.offline} ${later} când revine internetul · ${bytes}`
      : `${failed} · ${bytes}`;
  }
  return `Se încarcă ${Math.min(s.count, s.done + s.failed + 1)} din ${s.count} · ${bytes}`;
}
