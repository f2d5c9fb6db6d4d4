import { icon } from './icons.tsx';

/**
 * Icons drawn only by lazily loaded pages (chat, the announcement page, the own profile), in a module of
 * their own: ui/icons.tsx is part of the first-paint bundle, and a module is bundled whole.
 */

/* Chat (20 px unless told; the pending clock 12 px). */
export const PaperclipIcon = icon(
  <path d="M21 11.5 12.5 20a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6l7.8-7.8" />,
  { size: 20 },
);

export const SmileIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
  </>,
  { size: 20 },
);

export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
  { size: 12 },
);

export const SendIcon = icon(<path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z" />, { size: 20 });

/* Detail page tools and the profile's photo button. */
export const ShareIcon = icon(
  <>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </>,
);

export const RotateIcon = icon(<path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4" />);

export const FrameIcon = icon(<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />);

export const CameraIcon = icon(
  <>
    <path d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13" r="4" />
  </>,
);
