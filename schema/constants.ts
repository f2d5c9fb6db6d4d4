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
  /** Long side of a stored photo, in pixels: the device resizes to it before storing or sending (issue 22), the server again. */
  imageMaxEdge: 1600,
  attachmentMaxBytes: 10 * 1024 * 1024,
  /** Longest chat attachment name kept, in characters (a longer one keeps its start and its extension). */
  attachmentNameMax: 120,
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

/**
 * Write limits (issue 12): how many writes of each kind one account, and one IP address, may make per
 * window — REST and the sync socket count against the same budget (a message sent over REST and one
 * pushed over the socket are the same kind). Per row for socket pushes, per request for REST. A refused
 * REST write is answered 429 with a Romanian `error` and `Retry-After`; a refused push is answered with
 * the socket error 'rate-limited' and retried by the device when the window allows (nothing is lost).
 * Why these numbers (docs/decisions.md, "Write limits"):
 * - a person never gets near them: 30 messages a minute is one every 2 s for a whole minute; drafts
 *   are saved at most every 400 ms while typing (150 a minute), well under 240; a favourites merge
 *   after sign-in (≤ 150) fits one minute's allowance;
 * - a burst like the 105 messages of the report stops at 30 notification cards a minute;
 * - per IP it is 5–10× the account's: homes, offices and mobile networks (carrier NAT) put many people
 *   behind one address, and the IP budget is there against one person with many accounts;
 * - uploads, publishing and edits re-encode photos with sharp (CPU), so their windows are longer.
 * `perAccount` absent: the kind has no account yet (registration), only the IP counts.
 */
export const WRITE_LIMITS = {
  /** A chat message (REST POST /api/messages, a new row pushed to `messages`): each notifies someone. */
  messages: { perAccount: 30, perIp: 300, windowMs: 60_000 },
  /** Reactions, deleting one's own messages, marking a conversation read (REST and socket). */
  chat: { perAccount: 120, perIp: 1200, windowMs: 60_000 },
  /** Files sent on their own: chat attachments written offline, the avatar. */
  uploads: { perAccount: 30, perIp: 150, windowMs: 10 * 60_000 },
  /** Announcement photos sent on their own as they are picked (issue 22): 20 announcements × 10 photos an hour. */
  photos: { perAccount: 200, perIp: 600, windowMs: 60 * 60_000 },
  /** New announcements (with their photos); a device's offline queue of a few goes out at once. */
  publish: { perAccount: 20, perIp: 60, windowMs: 60 * 60_000 },
  /** Editing, deleting, renewing, (de)activating one's announcements (an edit may carry photos). */
  announcements: { perAccount: 60, perIp: 300, windowMs: 10 * 60_000 },
  /** Writing, editing, deleting and liking reviews. */
  reviews: { perAccount: 20, perIp: 100, windowMs: 10 * 60_000 },
  /** Adding and removing favourites (REST and socket); each recounts the announcement for its holders. */
  favorites: { perAccount: 150, perIp: 1500, windowMs: 60_000 },
  /** Draft saves pushed over the socket (typing is debounced by 400 ms and coalesced by RxDB). */
  drafts: { perAccount: 240, perIp: 2400, windowMs: 60_000 },
  /** Marking notifications read and deleting them ('mark all' writes one row per notification). */
  notifications: { perAccount: 600, perIp: 6000, windowMs: 60_000 },
  /** Profile, avatar removal, notification settings, e-mail, password, sign-out everywhere, deletion. */
  account: { perAccount: 30, perIp: 300, windowMs: 10 * 60_000 },
  /** Reports (issue 24): each waits for a moderator; a person reports a few things a day at most. */
  reports: { perAccount: 20, perIp: 100, windowMs: 60 * 60_000 },
  /** Blocking and unblocking people (issue 24). */
  blocks: { perAccount: 60, perIp: 300, windowMs: 60 * 60_000 },
  /** New accounts from one address (each would bring a fresh per-account budget). */
  register: { perIp: 30, windowMs: 60 * 60_000 },
} as const satisfies Record<string, WriteLimit>;

export type WriteLimit = { perAccount?: number; perIp: number; windowMs: number };
export type WriteKind = keyof typeof WRITE_LIMITS;
export type WriteLimitTable = Record<WriteKind, WriteLimit>;

/**
 * What one sync socket may ask for (issue 21): a token bucket per socket — `burst` tokens, refilled at
 * `perSecond` — where each message costs what it makes the server do (a hold also 1 per `holdKeysPerToken`
 * keys). A device's reconnect (hello, a pull and a push per private collection, its holds, the open
 * listing's query) spends ~30. Past the bucket a message is answered 'rate-limited' and not served;
 * `refusalsBeforeClose` refusals in a row close the socket (CLOSE_CODES.rateLimited). Typing signals
 * reach the other person at most every `typingEveryMs` per conversation. Sockets are capped per address
 * (homes, offices and carrier NAT share one: generous) and per account (tabs and devices), per instance.
 */
export const SOCKET_LIMITS = {
  burst: 120,
  perSecond: 20,
  costs: { hello: 1, pull: 2, push: 2, hold: 2, query: 4, watch: 2, release: 1, viewing: 1, typing: 1 },
  holdKeysPerToken: 500,
  refusalsBeforeClose: 50,
  typingEveryMs: 2000,
  /** Conversations whose typing state one socket remembers. */
  typingConversations: 32,
  perAddress: 50,
  perAccount: 10,
  /** After a close for flooding, the app waits this long before it connects again. */
  reconnectAfterFloodMs: 30_000,
  /**
   * Back-pressure (issue 40, item 2): bytes `ws` keeps for a socket that the network has not taken yet
   * (`bufferedAmount`). Past `backlogSoftBytes` (1 MiB: four of the largest catch-ups, seconds of a slow
   * phone's link) the socket is not read until that drains, and requests already read that answer with
   * data are refused ('rate-limited', not computed); past
   * `backlogHardBytes` (4 MiB), or slow for longer than `backlogSlowMs`, the socket is closed with
   * CLOSE_CODES.backlog and dropped `backlogCloseGraceMs` later if the client does not read up to the
   * close frame. A non-reading client thus costs at most ~4 MiB for seconds, never what it asks for.
   */
  backlogSoftBytes: 1024 * 1024,
  backlogHardBytes: 4 * 1024 * 1024,
  backlogSlowMs: 30_000,
  backlogCloseGraceMs: 5_000,
  /** After a close for backlog (a slow link fell behind), the app waits this long, then catches up. */
  reconnectAfterBacklogMs: 5_000,
  /**
   * Bad frames (issue 40, L11) are logged at warn without a stack: one line per socket (later ones are
   * counted in a line when it closes), at most `badFrameLogsPerAddress` per address and `badFrameLogs`
   * in all per `badFrameLogWindowMs`; what was left out is counted in the next line.
   */
  badFrameLogsPerAddress: 5,
  badFrameLogs: 60,
  badFrameLogWindowMs: 60_000,
} as const;

/**
 * Successful sign-ins (issue 21): each costs a password hash and makes a 30-day session. Per account in
 * `windowMs` (a person signs in on a few devices, not ten in a quarter of an hour) and per address (a
 * home, an office or a carrier NAT: generous). An account keeps at most `sessionsPerAccount` sessions:
 * a new one revokes the oldest. A password check refused because every hash slot is busy is answered
 * 503 with Retry-After `busyRetryAfterS`.
 */
export const SIGN_IN_LIMITS = {
  perAccount: 10,
  perIp: 60,
  windowMs: 15 * 60_000,
  sessionsPerAccount: 20,
  busyRetryAfterS: 2,
} as const;

/**
 * Searches and suggestions one address may have running or waiting at once, per instance (issue 21):
 * one address cannot fill the search queue that everyone shares. A search takes ~20 ms, so 8 at once is
 * hundreds a second for a carrier NAT's many people.
 */
export const SEARCH_LIMITS = { perAddress: 8 } as const;

/** Sessions (bearer tokens) live this long; logout revokes them earlier. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * An account without a password (Google/Facebook) changes its e-mail or is deleted only from a session
 * signed in this recently: its address alone is readable by whoever holds the token.
 */
export const RECENT_SIGN_IN_MINUTES = 10;

/** The service worker's cache of chat files opened on this device (vite.config.ts; emptied at sign-out). */
export const CHAT_FILE_CACHE = 'hobbiz-chat-files';

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
  /**
   * Bytes of photos the device keeps (the service worker's photo cache). With ~6 MB of announcement
   * copies at the announcements budget and ~1 MB of app files, the device store stays under 15 MB.
   */
  photoBytes: 6_000_000,
} as const;

/** Local storage keys named by the spec (doc 1 §3, doc 2 §3). */
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

/**
 * Longest a draft field may be while typing: room to type past a §5 rule (its message then shows) but
 * bounded. The §5 rules themselves apply only when publishing (schema/rules/draft.ts checks a pushed draft).
 */
export const DRAFT_TYPING_MAX = { description: LIMITS.descriptionMax + 1000, other: 500 } as const;
