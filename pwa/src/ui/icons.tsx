import type { ReactNode, SVGProps } from 'react';

/**
 * The app's small inline SVG icons (24×24 grid, stroke = currentColor): no icon font, no extra request.
 * Decorative by default (aria-hidden); the surrounding button or link carries the accessible name.
 */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** An icon component drawing `body`; `defaults` (a filled mark, another default size) yield to the caller's props. */
export function icon(body: ReactNode, { size: defaultSize = 24, ...defaults }: IconProps = {}) {
  return ({ size = defaultSize, ...rest }: IconProps) => (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...defaults}
      {...rest}
    >
      {body}
    </svg>
  );
}

export const HeartIcon = icon(
  <path d="M12 20s-7-4.4-9.3-9A5 5 0 0 1 12 5.6 5 5 0 0 1 21.3 11C19 15.6 12 20 12 20z" />,
);

export const BellIcon = icon(<path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4" />);

export const ChatIcon = icon(<path d="M4 5h16v11H9l-5 4z" />);

export const PersonIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);

export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);

export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4" />
  </>,
);

export const PinIcon = icon(
  <>
    <path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z" />
    <circle cx="12" cy="9" r="2.5" />
  </>,
);

export const CompassIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </>,
);

export const SunIcon = icon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
);

export const MoonIcon = icon(<path d="M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z" />);

export const ArrowLeftIcon = icon(<path d="M19 12H5M11 6l-6 6 6 6" />);

export const ChevronLeftIcon = icon(<path d="m15 18-6-6 6-6" />);

export const ChevronRightIcon = icon(<path d="m9 18 6-6-6-6" />);

export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />);

export const GridIcon = icon(<path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" />);

export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />);

export const EyeIcon = icon(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);

export const EyeOffIcon = icon(
  <path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
);

export const LogoutIcon = icon(<path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />);

export const ListIcon = icon(<path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />);

/* Brand marks: filled, simplified; the multicolour ones one path per colour. */
function colourMark(paths: [fill: string, d: string][]) {
  return icon(
    paths.map(([fill, d]) => <path key={fill} fill={fill} d={d} />),
    { stroke: 'none' },
  );
}

export const FacebookIcon = icon(
  <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />,
  { fill: 'currentColor', stroke: 'none' },
);

export const InstagramIcon = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
);

export const TikTokIcon = icon(
  <path d="M16 3c.4 2.4 1.9 3.9 4.3 4.1v3.2a7.4 7.4 0 0 1-4.2-1.3v6.4A5.6 5.6 0 1 1 10.5 10v3.3a2.4 2.4 0 1 0 2.3 2.3V3z" />,
  { fill: 'currentColor', stroke: 'none' },
);

export const GoogleIcon = colourMark([
  ['#4285F4', 'M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z'],
  [
    '#34A853',
    'M12 22c2.7 0 5-.9 6.6-2.5l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z',
  ],
  ['#FBBC05', 'M6.4 13.9a6 6 0 0 1 0-3.8V7.5H3.1a10 10 0 0 0 0 9z'],
  ['#EA4335', 'M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5l3.3 2.6C7.2 7.8 9.4 6 12 6z'],
]);

export const AppleIcon = icon(
  <path d="M16.4 12.6c0-2.4 2-3.5 2-3.6a4.3 4.3 0 0 0-3.4-1.8c-1.4-.2-2.8.8-3.5.8s-1.8-.8-3-.8A4.5 4.5 0 0 0 4.8 9.5c-1.6 2.8-.4 6.9 1.1 9.2.8 1.1 1.7 2.3 2.9 2.3s1.6-.8 3-.8 1.8.8 3 .7 2-1.1 2.8-2.3a9.6 9.6 0 0 0 1.2-2.6 4 4 0 0 1-2.4-3.4zM14.1 5.6A4 4 0 0 0 15 2.7a4.1 4.1 0 0 0-2.7 1.4 3.8 3.8 0 0 0-1 2.8 3.4 3.4 0 0 0 2.8-1.3z" />,
  { fill: 'currentColor', stroke: 'none' },
);

/** The Google Play triangle in its four colours (shape after Simple Icons, CC0). */
export const GooglePlayIcon = colourMark([
  ['#00A0FF', 'M1.337.924a1.486 1.486 0 0 0-.112.568v21.017c0 .217.045.419.124.6l11.155-11.087z'],
  ['#00D26A', 'M13.544 10.989l3.258-3.238L3.45.195a1.466 1.466 0 0 0-.946-.179z'],
  ['#FFC400', 'M22.018 13.298l-3.919 2.218-3.515-3.493 3.543-3.521 3.891 2.202a1.49 1.49 0 0 1 0 2.594z'],
  ['#FF3A44', 'M13.544 13.056l-11 10.933c.298.036.612-.016.906-.183l13.324-7.54z'],
]);
