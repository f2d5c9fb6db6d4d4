import { formatDate } from '../../../../schema/format.ts';

const timeFormatter = new Intl.DateTimeFormat('ro-RO', { hour: '2-digit', minute: '2-digit' });
const weekdayFormatter = new Intl.DateTimeFormat('ro-RO', { weekday: 'long' });

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** '14:05' for a message's time; '' for a message the server has not dated yet. */
export function messageTime(iso: string): string {
  const d = new Date(iso);
  return iso && !Number.isNaN(d.getTime()) ? timeFormatter.format(d) : '';
}

/** The separator between days: 'Astăzi', 'Ieri', 'luni, 17 noiembrie 2026'. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (dayKey(d) === dayKey(now)) return 'Astăzi';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(d) === dayKey(yesterday)) return 'Ieri';
  return `${weekdayFormatter.format(d)}, ${formatDate(d)}`;
}

/** Whether two timestamps fall on different calendar days (where a separator goes). */
export function isNewDay(prev: string | undefined, next: string): boolean {
  if (!prev) return true;
  return dayKey(new Date(prev)) !== dayKey(new Date(next));
}

/** The conversation list's short time: the hour today, else the date. */
export function listTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '';
  return dayKey(d) === dayKey(now) ? timeFormatter.format(d) : formatDate(d);
}
