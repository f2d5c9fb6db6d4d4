/**
 * What scripts/screens.ts shoots: every screen of issues 5 and 6, who looks at it (a guest or the demo
 * user Ioana Popescu), where it is, and what must be on the page before the shot.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';

/** The live data made before the shots (scripts/screens.ts, prepare). */
export type Live = {
  /** A seller with at least two reviews, who is not the signed-in user. */
  other: string;
  /** Andrei's announcement Ioana wrote about. */
  otherAnnouncement: string;
  category: string;
  /** Sends Andrei's two questions about Ioana's announcement again (opening a conversation clears them). */
  nudge: () => Promise<void>;
};

type Ready = (page: Page) => Promise<void>;
export type Screen = {
  name: string;
  as: 'guest' | 'user';
  path: (live: Live) => string;
  /** What must be on the page before the shot (and any clicks leading to the state shown). */
  ready?: Ready;
  /** Viewport only (dialogs, full-height layouts); otherwise the whole page. */
  viewport?: boolean;
  widths?: number[];
  /** Server-side preparation before the page loads. */
  before?: (live: Live) => Promise<void>;
  /** After the shot (e.g. answering the cookie banner, so it does not cover the next screens). */
  after?: Ready;
};

const visible = (page: Page, selector: string) => page.locator(selector).locator('visible=true').first();
/** Ready once something matching `selector` is visible. */
const shows =
  (selector: string): Ready =>
  (p) =>
    visible(p, selector).waitFor();
/** Ready once `text` is on the page. */
const says =
  (text: string): Ready =>
  (p) =>
    p.getByText(text).first().waitFor();
const mainTitle: Ready = (p) => p.locator('main h1').first().waitFor();
const announcementTitle: Ready = (p) => p.getByRole('heading', { level: 1 }).waitFor();

/** A screen at a fixed path. */
const at = (
  name: string,
  as: Screen['as'],
  path: string,
  ready: Ready,
  more: Partial<Screen> = {},
): Screen => ({
  name,
  as,
  path: () => path,
  ready,
  ...more,
});

/** A dialog of the other seller's announcement page, opened by one of its buttons (the viewport). */
const announcementDialog = (
  name: string,
  button: string | RegExp,
  dialog: string | RegExp,
  then?: Ready,
) => ({
  name,
  as: 'user' as const,
  path: (live: Live) => `/announcement/${live.otherAnnouncement}`,
  viewport: true,
  ready: async (p: Page) => {
    await announcementTitle(p);
    await p.getByRole('button', { name: button }).first().click();
    await p.getByRole('dialog', { name: dialog }).waitFor();
    await then?.(p);
  },
});

const photos = new Map<string, { name: string; mimeType: string; buffer: Buffer }>();
/** A plain-colour 800×600 JPEG to attach, made once per name. */
async function photo(name: string, hue: number) {
  let f = photos.get(name);
  if (!f) {
    const [r, g, b] = [hue % 255, (hue * 3) % 255, (hue * 7) % 255];
    const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer();
    f = { name: `${name}.jpg`, mimeType: 'image/jpeg', buffer };
    photos.set(name, f);
  }
  return f;
}

const TITLE = 'Lecții de chitară clasică pentru începători și avansați';

export const SCREENS: Screen[] = [
  at('home-guest', 'guest', '/', shows('.card'), {
    after: (p) => p.getByRole('button', { name: 'Acceptă tot' }).click(),
  }),
  at('home', 'user', '/', shows('.card')),
  at('cont', 'user', '/cont', says('Contul meu'), { widths: [375] }),
  at('login', 'guest', '/login', (p) => p.getByLabel('Parola').first().waitFor()),
  at('signup', 'guest', '/signup', shows('main form')),
  at('forgot-password', 'guest', '/forgot-password', shows('main form')),
  at('despre', 'guest', '/despre', async (p) => {
    await mainTitle(p);
    // Open the first FAQ answer, to see an open one.
    const q = p.locator('main button[aria-expanded="false"]').first();
    if (await q.count()) await q.click();
  }),
  at('cum-functioneaza', 'guest', '/cum-functioneaza', mainTitle),
  at('confidentialitate', 'guest', '/confidentialitate', mainTitle),
  at('setari-cont', 'user', '/setari-cont', (p) => p.locator('main form').first().waitFor()),
  at('adauga-anunt', 'user', '/adauga-anunt', async (p) => {
    await p.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    await p.getByLabel('Titlu').fill(TITLE);
    await p.getByText('Meditații & Cursuri').first().click();
    await p.getByLabel('Descriere').fill('Scurt');
    await p.getByLabel('Persoana de contact').fill('Ioana Popescu');
    await p.getByLabel('Email').fill('nu-este-email');
    await p.getByLabel('Preț (lei, opțional)').fill('80');
    await p.getByTestId('images-input').setInputFiles([await photo('a', 30), await photo('b', 200)]);
    await p.getByRole('button', { name: 'Publică un anunț' }).click();
    await p.locator('.field-error').first().waitFor();
    await p.evaluate(() => window.scrollTo(0, 0));
  }),
  at(
    'preview',
    'user',
    '/adauga-anunt',
    async (p) => {
      await p.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
      await p.getByLabel('Titlu').fill(TITLE);
      await p
        .getByLabel('Descriere')
        .fill('Lecții individuale, acasă la elev sau online, cu materiale incluse.');
      await p.getByLabel('Preț (lei, opțional)').fill('80');
      await p.getByTestId('images-input').setInputFiles([await photo('c', 120)]);
      await p.getByRole('button', { name: 'Previzualizați anunțul' }).click();
      await p.getByRole('dialog', { name: 'Previzualizare anunț' }).waitFor();
    },
    { viewport: true },
  ),
  at('anunturile-mele', 'user', '/anunturile-mele', shows('main article, main .card, main li')),
  at('profil', 'user', '/profil', says('CONT PRIVAT')),
  {
    name: 'profil-public',
    as: 'user',
    path: (live) => `/profil/${live.other}`,
    ready: says('Toate comentariile'),
  },
  {
    name: 'toate-recenziile',
    as: 'user',
    path: (live) => `/profil/${live.other}/toate-recenziile`,
    ready: (p) => p.locator('main h1, main h2').first().waitFor(),
  },
  {
    name: 'categorie',
    as: 'user',
    path: (live) => `/anunturi-categorie/${encodeURIComponent(live.category)}`,
    ready: async (p) => {
      await visible(p, '.listing-grid .card').waitFor();
      await p.getByRole('button', { name: 'Filtre', exact: true }).click();
    },
  },
  at(
    'categorie-lista',
    'user',
    '/anunturi-categorie/toate?view=list&pret=under100&sort=price-asc',
    shows('.card'),
  ),
  {
    name: 'anunt',
    as: 'user',
    path: (live) => `/announcement/${live.otherAnnouncement}`,
    ready: announcementTitle,
  },
  announcementDialog('anunt-zoom', /^Mărește fotografia/, /^Fotografia/),
  announcementDialog('anunt-evaluare', 'Evaluează', 'Evaluează utilizatorul'),
  announcementDialog('anunt-chat', 'Trimite mesaj', /^Conversație cu/, (p) =>
    p.locator('.msg').first().waitFor(),
  ),
  at('favorite', 'user', '/favorite-announcements', shows('main a[href^="/announcement/"]')),
  at('notificari', 'user', '/notificari', shows('.notif'), { before: (live) => live.nudge() }),
  at(
    'chat',
    'user',
    '/chat',
    async (p) => {
      await visible(p, '.chat-list-item').click();
      await p.locator('.msg').first().waitFor();
    },
    { viewport: true },
  ),
  at('chat-lista', 'user', '/chat', shows('.chat-list-item'), { viewport: true, widths: [375] }),
];
