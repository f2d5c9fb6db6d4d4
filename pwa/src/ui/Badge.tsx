import { badgeText } from '../../../schema/format.ts';

/** Count badge on an icon: nothing at 0, '99+' above 99. The icon's label names it for screen readers. */
export function Badge({ count }: { count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className="badge" aria-hidden="true">
      {text}
    </span>
  );
}
