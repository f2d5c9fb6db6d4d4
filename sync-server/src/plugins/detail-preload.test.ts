import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnnouncementRow } from '../../../schema/db/tables.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import { detailPreloader } from './detail-preload.ts';

const dist = mkdtempSync(join(tmpdir(), 'hobbiz-preload-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, 'index.html'),
  '<html><head><title>x</title><meta name="description" content="d"><script type="module" crossorigin src="/assets/app.js"></script></head><body><div id="root"><header>h</header><main id="main"><section class="home">home</section></main></div></body></html>',
);
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'chat.css'), '.chat{color:red}');
writeFileSync(join(dist, 'assets', 'id.css'), '.detail{color:blue}');
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/app.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    '_chat.js': { file: 'assets/chat.js', css: ['assets/chat.css'] },
    'src/routes/announcement/$id.lazy.tsx': {
      file: 'assets/id.lazy.js',
      imports: ['_shared.js', '_chat.js'],
      css: ['assets/id.css'],
    },
  }),
);

const ID = 'a'.repeat(24);
const row = (over: Partial<AnnouncementRow>): AnnouncementRow =>
  ({
    id: ID,
    title: 'Tort <b>de ciocolată</b> & frișcă',
    description: 'Cu cremă "de casă" <script>alert(1)</script>',
    category: 'Prăjituri, Băcănie, Gătit',
    price: 120,
    createdAt: '2026-11-20T10:00:00.000Z',
    deleted: false,
    active: true,
    images: ['/uploads/announcements/p-0.jpg', '/uploads/announcements/p-1.jpg'],
    ...over,
  }) as AnnouncementRow;
const rows: Record<string, AnnouncementRow> = {
  [ID]: row({}),
  ['b'.repeat(24)]: row({ id: 'b'.repeat(24), active: false }),
};
const repo = { byId: (id: string) => rows[id] } as unknown as AnnouncementsRepository;
const htmlFor = detailPreloader(dist, repo);

describe('direct visits to an announcement preload its chunk and cover photo', () => {
  it('names the page chunk, what it imports beyond the entry, their styles and the cover variants', async () => {
    const html = (await htmlFor(`/announcement/${ID}`))!;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/id.lazy.js">');
    expect(html).toContain('href="/assets/chat.js"');
    expect(html).not.toContain('shared.js');
    expect(html).toContain('<style>.chat{color:red}</style>');
    expect(html).toContain('<style>.detail{color:blue}</style>');
    expect(html).toContain('href="/uploads/announcements/p-0-640.webp"');
    expect(html).toContain(
      'imagesrcset="/uploads/announcements/p-0-320.webp 320w, /uploads/announcements/p-0-640.webp 640w"',
    );
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('paints the first screen from the response: photo, title, price, description — escaped', async () => {
    const html = (await htmlFor(`/announcement/${ID}`))!;
    expect(html).toContain(`<div id="root" data-first-paint="/announcement/${ID}">`);
    expect(html).not.toContain('home</section>');
    expect(html).toContain('<header>h</header>');
    expect(html).toMatch(/<img class="dcar-img" src="\/uploads\/announcements\/p-0-640\.webp"/);
    expect(html).toContain('<span class="dcar-count">1 / 2</span>');
    expect(html).toContain('<h1>Tort &lt;b&gt;de ciocolată&lt;/b&gt; &amp; frișcă</h1>');
    expect(html).toContain('120 lei');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<title>Tort &lt;b&gt;de ciocolată&lt;/b&gt; &amp; frișcă — Hobbiz</title>');
    expect(html).toContain('<meta property="og:image" content="/uploads/announcements/p-0-640.webp">');
  });

  it('gives the plain shell for other paths and for hidden or unknown announcements', async () => {
    expect(await htmlFor('/')).toBeNull();
    expect(await htmlFor(`/announcement/${'b'.repeat(24)}`)).toBeNull();
    expect(await htmlFor(`/announcement/${'c'.repeat(24)}`)).toBeNull();
    expect(await htmlFor('/announcement/not-an-id')).toBeNull();
  });
});
