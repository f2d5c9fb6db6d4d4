import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import { detailPreloader } from './detail-preload.ts';

const dist = mkdtempSync(join(tmpdir(), 'hobbiz-preload-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(join(dist, '.vite'));
writeFileSync(join(dist, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
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
const rows: Record<string, { deleted: boolean; active: boolean; images: string[] }> = {
  [ID]: { deleted: false, active: true, images: ['/uploads/announcements/p-0.jpg'] },
  ['b'.repeat(24)]: { deleted: false, active: false, images: ['/uploads/announcements/q-0.jpg'] },
};
const repo = { byId: (id: string) => rows[id] } as unknown as AnnouncementsRepository;
const htmlFor = detailPreloader(dist, repo);

describe('direct visits to an announcement preload its chunk and cover photo', () => {
  it('names the page chunk, what it imports beyond the entry, their styles and the cover variants', () => {
    const html = htmlFor(`/announcement/${ID}`)!;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/id.lazy.js">');
    expect(html).toContain('href="/assets/chat.js"');
    expect(html).not.toContain('shared.js');
    expect(html).toContain('<link rel="preload" as="style" href="/assets/chat.css">');
    expect(html).toContain('href="/uploads/announcements/p-0-640.webp"');
    expect(html).toContain(
      'imagesrcset="/uploads/announcements/p-0-320.webp 320w, /uploads/announcements/p-0-640.webp 640w"',
    );
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('gives the plain shell for other paths and for hidden or unknown announcements', () => {
    expect(htmlFor('/')).toBeNull();
    expect(htmlFor(`/announcement/${'b'.repeat(24)}`)).toBeNull();
    expect(htmlFor(`/announcement/${'c'.repeat(24)}`)).toBeNull();
    expect(htmlFor('/announcement/not-an-id')).toBeNull();
  });
});
