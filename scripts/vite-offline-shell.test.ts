import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { offlineShellFiles } from './vite-offline-shell.ts';

const dir = mkdtempSync(join(tmpdir(), 'offline-shell-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, '.vite'));
writeFileSync(
  join(dir, 'index.html'),
  '<script type="module" src="/assets/runtime-1.js"></script><script type="module" src="/assets/app-1.js"></script>',
);
writeFileSync(
  join(dir, '.vite/manifest.json'),
  JSON.stringify({
    _runtime: { file: 'assets/runtime-1.js' },
    _app: { file: 'assets/app-1.js', imports: ['_runtime'], css: ['assets/app-1.css'] },
    _shared: { file: 'assets/shared-1.js', imports: ['_app'], css: ['assets/shared-1.css'] },
    _places: { file: 'assets/places-1.js', imports: ['_app'] },
    'src/detail.tsx': {
      file: 'assets/detail-1.js',
      src: 'src/detail.tsx',
      imports: ['_shared'],
      css: ['assets/detail-1.css'],
    },
    'src/publish.tsx': {
      file: 'assets/publish-1.js',
      src: 'src/publish.tsx',
      imports: ['_places', '_shared'],
    },
  }),
);

describe('offlineShellFiles', () => {
  it("holds the page's scripts and the chosen pages with their imports and CSS (not the app's, inlined), nothing else", () => {
    expect([...offlineShellFiles(dir, ['src/detail.tsx'])].sort()).toEqual([
      'assets/app-1.js',
      'assets/detail-1.css',
      'assets/detail-1.js',
      'assets/runtime-1.js',
      'assets/shared-1.css',
      'assets/shared-1.js',
    ]);
  });

  it('fails the build when a chosen page is not in it', () => {
    expect(() => offlineShellFiles(dir, ['src/renamed.tsx'])).toThrow(/src\/renamed.tsx/);
  });
});
