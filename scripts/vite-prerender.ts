import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

/**
 * The first screen's stylesheet (the `app` chunk's, scripts/vite-initial-chunk.ts), which the prerender
 * puts inside index.html. Every HTML response of the app carries it, so no script ever needs the file:
 * scripts/vite-inlined-css.ts takes it out of the stylesheets a lazy chunk preloads, and the service worker
 * does not keep it. The build fails if the prerender inlines any other file (this pattern would be stale).
 */
export const INLINED_CSS = /^assets\/app-[\w-]+\.css$/;

async function renderHome(root: string): Promise<string> {
  // A throwaway Vite instance compiles the app for Node; configFile: false avoids re-entering this plugin.
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [react()],
  });
  try {
    const mod = (await vite.ssrLoadModule('/src/prerender-entry.tsx')) as {
      render(url: string): Promise<string>;
    };
    return await mod.render('/');
  } finally {
    await vite.close();
  }
}

/**
 * Puts the home page's HTML and the whole stylesheet into index.html at build time: under "Slow 4G" every
 * extra request costs 562 ms, so the first response must be enough to paint the hero. Runs inside the
 * build, before the service worker is generated, so the precache revision matches the final HTML.
 */
export function prerender(): Plugin {
  let root = '';
  return {
    name: 'hobbiz-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (bundle) {
          for (const [name, asset] of Object.entries(bundle)) {
            if (asset.type !== 'asset' || !name.endsWith('.css')) continue;
            const link = new RegExp(
              `<link rel="stylesheet"[^>]*href="/${name.replace(/[.]/g, '\\.')}"[^>]*>`,
            );
            if (!link.test(html)) continue;
            if (!INLINED_CSS.test(name)) throw new Error(`prerender: ${name} is not the app's stylesheet`);
            html = html.replace(link, () => `<style>${String(asset.source)}</style>`);
          }
        }
        const app = await renderHome(root);
        if (!html.includes('<!--app-html-->')) throw new Error('index.html lacks <!--app-html-->');
        return html.replace('<!--app-html-->', () => app);
      },
    },
  };
}
