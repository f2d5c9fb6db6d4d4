/** Paths where the mobile header (search + bell) is not shown (spec doc 1 §2, "Mobile header"). */
export const MOBILE_HEADER_HIDDEN_PREFIXES = [
  '/chat',
  '/favorite-announcements',
  '/cont',
  '/setari-cont',
  '/add-announcement',
  '/anunturile-mele',
  '/profil',
  '/cookie',
  '/confidentialitate',
  '/despre',
  '/cum-functioneaza',
  '/termeni',
  '/notificari',
  '/announcement/',
  '/anunturi-categorie',
  '/adauga-anunt',
  '/edit-announcement',
] as const;

/**
 * The home page brings its own search row (with the bell below 1200 px), so the global mobile header
 * would only repeat it there; everywhere else the spec's prefix list decides.
 */
export function showsMobileHeader(pathname: string, isHome: boolean): boolean {
  if (isHome) return false;
  return !MOBILE_HEADER_HIDDEN_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The bottom navigation's own sections: the top of the app, with nothing to go back to. */
const TOP_LEVEL_PREFIXES = [
  '/favorite-announcements',
  '/chat',
  '/cont',
  '/add-announcement',
  '/adauga-anunt',
];

function isTopLevel(pathname: string, isHome: boolean): boolean {
  if (isHome) return true;
  return TOP_LEVEL_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * Which bar a phone shows at the top: the spec's search header, or — where the spec hides it on a page
 * below the top level (detail, listing, static pages, account pages) — a slim bar with the back arrow.
 * The top-level sections (and the home page, which has its own search row) have neither.
 */
export function mobileBar(pathname: string, isHome: boolean): 'search' | 'page' | 'none' {
  if (showsMobileHeader(pathname, isHome)) return 'search';
  return isTopLevel(pathname, isHome) ? 'none' : 'page';
}

/** Whether the mobile header gets a back arrow: everywhere but the top-level sections. */
export function showsBackArrow(pathname: string, isHome: boolean): boolean {
  return !isTopLevel(pathname, isHome);
}

const ACCOUNT_PAGES = [
  '/setari-cont',
  '/anunturile-mele',
  '/notificari',
  '/plati',
  '/contul-tau',
  '/profil',
  '/profil/',
];

/**
 * Where the back arrow leads when the app has no earlier page of its own (a link opened from outside,
 * a reload): the page's natural parent.
 */
export function backFallback(pathname: string): string {
  const reviews = /^\/profil\/([^/]+)\/toate-recenziile/.exec(pathname);
  if (reviews) return `/profil/${reviews[1]}`;
  if (pathname.startsWith('/edit-announcement')) return '/anunturile-mele';
  if (ACCOUNT_PAGES.includes(pathname)) return '/cont';
  if (pathname.startsWith('/forgot-password')) return '/login';
  return '/';
}
