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
