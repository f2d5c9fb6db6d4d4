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
