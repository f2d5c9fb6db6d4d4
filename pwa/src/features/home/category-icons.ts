/**
 * The home tiles' icons (pwa/public/categories/, ~400 bytes each), inlined into the code as data: URLs:
 * the first screen needs no twelve requests for them, and the offline copy of the app carries them
 * without the service worker downloading them a second time.
 */
const ICONS = import.meta.glob<string>('../../../public/categories/*.svg', {
  eager: true,
  query: '?inline',
  import: 'default',
});

/** The icon of a tile or category look by its public path (`/categories/<slug>.svg`). */
export function categoryIcon(path: string): string {
  return ICONS[`../../../public${path}`] ?? path;
}
