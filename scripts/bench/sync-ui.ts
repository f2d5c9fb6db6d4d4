/** The browser part of bench:sync (scripts/bench/sync.ts): a local write made visible in the UI. */
import type { Browser } from 'playwright-core';
import { apiAccount, newPage, type TestServer } from '../../e2e/harness.ts';
import { defer, printLatencies } from './sync-lib.ts';

type Page = Awaited<ReturnType<typeof newPage>>['page'];

// ─── 1. Local write → visible in the UI ──────────────────────────────────────────────────────────────

/**
 * One heart click in the page: time to the DOM commit of the new label, and to the next frame after it.
 * (No named functions inside: tsx would wrap them in a `__name` helper the page does not have.)
 */
function clickHeart(page: Page, title: string) {
  return page.evaluate(
    (t) =>
      new Promise<{ commitMs: number; frameMs: number; added: boolean }>((resolve, reject) => {
        const add = `Adaugă la favorite: ${t}`;
        const remove = `Elimină din favorite: ${t}`;
        let btn: HTMLButtonElement | null = null;
        for (const b of document.querySelectorAll<HTMLButtonElement>('button.fav-btn')) {
          const label = b.getAttribute('aria-label');
          if (label === add || label === remove) {
            btn = b;
            break;
          }
        }
        if (!btn) return reject(new Error(`no heart for ${t}`));
        const target = btn.getAttribute('aria-label') === add ? remove : add;
        let t0 = 0;
        let done = false;
        const obs = new MutationObserver(() => {
          if (done) return;
          let seen = false;
          for (const b of document.querySelectorAll('button.fav-btn')) {
            if (b.getAttribute('aria-label') === target) seen = true;
          }
          if (!seen) return;
          done = true;
          const commitMs = performance.now() - t0;
          obs.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() =>
            resolve({ commitMs, frameMs: performance.now() - t0, added: target === remove }),
          );
        });
        const timer = setTimeout(() => {
          obs.disconnect();
          reject(new Error(`label of ${t} did not change in 5 s`));
        }, 5000);
        obs.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-label'],
        });
        t0 = performance.now();
        btn.click();
      }),
    title,
  );
}

/**
 * 1. of bench:sync: `writes` heart clicks on a signed-in page of `server`, rotating over `cards` popular
 * cards; the times to the DOM commit and to the next frame, against the p95 goal.
 */
export async function localWriteToUi(
  browser: Browser,
  server: TestServer,
  o: { writes: number; cards: number; goalP95: number },
): Promise<void> {
  console.log('\n1. Local write → visible in the UI');
  console.log(
    `  method: seeded server, signed-in page (account via API, token in localStorage, reload), 1280×900.\n` +
      `          ${o.writes} heart clicks (element.click() inside page.evaluate) rotating over ${o.cards} popular cards,\n` +
      `          each toggling its card on/off; time from performance.now() before the click to the\n` +
      `          MutationObserver callback that sees the new aria-label (DOM commit), and to the next\n` +
      `          requestAnimationFrame after it. 100 ms between clicks; ${o.cards} unmeasured warm-up clicks first.`,
  );
  const me = await apiAccount(server, `bench.ui.${Date.now()}@hobbiz.test`);
  const { context, page } = await newPage(browser, server);
  const undo = defer(() => context.close());
  try {
    await page.goto('/');
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('token', t!);
        localStorage.setItem('userId', u!);
      },
      [me.token, me.userId],
    );
    await page.reload();
    await page.waitForFunction(
      (n) => document.querySelectorAll('button.fav-btn:not([disabled])').length >= n,
      o.cards,
      { timeout: 30_000 },
    );
    await page
      .getByText('Sincronizat')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => console.log('  (sync chip never said “Sincronizat”; measuring anyway)'));
    await page.waitForTimeout(1000);
    const titles = await page.evaluate((n) => {
      const prefix = 'Adaugă la favorite: ';
      const out: string[] = [];
      for (const b of document.querySelectorAll<HTMLButtonElement>('button.fav-btn:not([disabled])')) {
        const label = b.getAttribute('aria-label') ?? '';
        const title = label.startsWith(prefix) ? label.slice(prefix.length) : '';
        if (title && !out.includes(title)) out.push(title);
        if (out.length === n) break;
      }
      return out;
    }, o.cards);
    if (titles.length < o.cards) throw new Error(`only ${titles.length} cards with an empty heart`);

    const warm: number[] = [];
    for (const t of titles) {
      warm.push((await clickHeart(page, t)).commitMs);
      await page.waitForTimeout(100);
    }
    const commit: number[] = [];
    const frame: number[] = [];
    const adds: number[] = [];
    const removes: number[] = [];
    for (let i = 0; i < o.writes; i++) {
      const r = await clickHeart(page, titles[i % titles.length]!);
      commit.push(r.commitMs);
      frame.push(r.frameMs);
      (r.added ? adds : removes).push(r.commitMs);
      await page.waitForTimeout(100);
    }
    console.log(`  warm-up clicks: ${warm.map((x) => x.toFixed(1)).join(', ')} ms`);
    printLatencies('click → DOM commit (aria-label)', commit, { p95: o.goalP95 });
    printLatencies('click → next frame (rAF)', frame);
    printLatencies('  adds only → commit', adds);
    printLatencies('  removals only → commit (+ toast)', removes);
  } finally {
    await undo();
  }
}
