/**
 * Limits and timings of the spec (doc 1 §9, doc 2 §9) as named constants. Both sides import these;
 * a number that appears in the spec appears exactly once in the code base, here.
 */
export const LIMITS = {
  titleMin: 16,
  titleMax: 70,
  descriptionMin: 40,
  descriptionMax: 9000,
  contactNameMin: 2,
  contactNameMax: 50,
  phoneDigits: 10,
  imagesMax: 10,
  imageMaxBytes: 5 * 1024 * 1024,
  /** Decoding refuses larger images (decompression bombs). */
  imageMaxPixels: 40_000_000,
  attachmentMaxBytes: 10 * 1024 * 1024,
  favoritesMax: 150,
  popularLimit: 10,
  badgeCap: 99,
  idTailCard: 9,
  idTailDetail: 8,
  emojiPickerCount: 28,
  zoomMin: 0.5,
  zoomMax: 4,
  zoomStep: 0.25,
  rotationStep: 90,
  defaultRating: 5,
  /** Profiles: arrows on the announcements carousel only past this many (spec doc 1 §9). */
  profileCarouselArrowsAfter: 3,
  /** Public profile: reviews shown on the page; 'Toate comentariile' from this many on. */
  profileReviewsPreview: 1,
  profileAllReviewsFrom: 2,
  passwordMin: 8,
  nameMax: 50,
  emailMax: 254,
} as const;

export const TIMINGS = {
  sessionRefreshThrottleMs: 3000,
  sessionRefreshPeriodMs: 60_000,
  countPollMs: 30_000,
  logoutMessageMs: 3000,
  categoryPanelHideMs: 200,
  accountDropdownCloseMs: 200,
  reviewBannerMs: 4000,
  reviewBannerLeaveMs: 420,
  profileSuccessMs: 3000,
  publishRedirectMs: 1200,
  updateRedirectMs: 800,
  editPageRedirectMs: 800,
  accountDeletionRedirectMs: 1500,
  typingStopMs: 2000,
  longPressMs: 350,
  toastMs: 1800,
  updatedBannerMs: 6000,
  updatedBannerExitMs: 450,
  carouselFadeMs: 200,
} as const;

export const BREAKPOINTS = {
  mobileHeader: 1200,
  chatDesktopHeader: 900,
  accountMenu: 900,
  categoryList: 500,
  chatPopupResizable: 1200,
} as const;

export const CAROUSEL_STEP_PX = 400;

export const CHAT_POPUP = {
  defaultWidth: 440,
  defaultHeight: 450,
  minWidth: 320,
  minHeight: 360,
  maxWidth: (windowWidth: number) => Math.min(900, windowWidth - 64),
  maxHeight: (windowHeight: number) => Math.min(windowHeight - 80, 900),
} as const;

/** Sessions (bearer tokens) live this long; logout revokes them earlier. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Local storage keys named by the spec (doc 1 §3, doc 2 §3). */
/**
 * The device's working set (issue 11): how many keys of each kind stay on the device besides the pinned
 * ones (favourites, own announcements, conversations, pending publishes; the person's own profile and
 * reviews). Sized so IndexedDB stays under ~15 MB with descriptions of up to 1,000 characters (measured
 * in docs/BENCHMARKS.md). `localStorage['hobbiz_working_set']` = JSON of a partial override (tests).
 */
export const WORKING_SET = {
  announcements: 1500,
  profiles: 600,
  reviews: 150,
  /** Photos kept by the service worker (list and detail variants). */
  photos: 300,
} as const;

export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  lastAvatarUrl: 'lastAvatarUrl',
  darkMode: 'darkMode',
  cookieConsent: 'cookie_consent',
  guestFavorites: 'favoriteAnnouncements_guest',
  editAnnouncement: 'editAnnouncement',
  workingSet: 'hobbiz_working_set',
} as const;

export const COUNTRY_WIDE = 'Toată țara';
