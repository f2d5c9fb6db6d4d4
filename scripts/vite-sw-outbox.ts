import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** Where the service worker finds its outbox drain (workbox `importScripts` in vite.config.ts). */
export const SW_OUTBOX_FILE = 'sw-outbox.js';

/**
 * Builds pwa/src/sw/index.ts (issue 22: Background Sync; issue 23: Web Push) into one classic script beside the
 * generated service worker, which loads it with importScripts: a worker script cannot import modules,
 * so it is bundled on its own (idb-keyval and the shared request helpers), not as a chunk of the app.
 */
export function swOutbox(): Plugin {
  return {
    name: 'hobbiz-sw-outbox',
    apply: 'build',
    async generateBundle() {
      const out = await build({
        entryPoints: [join(import.meta.dirname, '..', 'pwa', 'src', 'sw', 'index.ts')],
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2022',
        write: false,
        logLevel: 'silent',
      });
      this.emitFile({ type: 'asset', fileName: SW_OUTBOX_FILE, source: out.outputFiles[0]!.text });
    },
  };
}

/**
 * Gives the shell worker (pwa/src/sw/shell-worker.ts) the revision of the built index.html: written at
 * the head of the worker's script once the HTML is final (Workbox's manifest step, vite.config.ts), so a
 * release that changes the HTML changes the script, and the browser installs the new worker.
 */
export function writeShellRevision(outDir: string, revision: string): void {
  const file = join(outDir, SW_OUTBOX_FILE);
  const source = readFileSync(file, 'utf8').replace(/^self\.__HOBBIZ_SHELL__=[^;]*;/, '');
  writeFileSync(file, `self.__HOBBIZ_SHELL__=${JSON.stringify(revision)};${source}`);
}
