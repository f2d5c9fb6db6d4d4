/**
 * Topic pages (issue 12, items 8–9): `DATA_DIR=… tsx scripts/bench/topics.ts` on a seeded catalogue
 * (`npm run seed -- --announcements 1000000`). Times the first page of every topic tile (across all
 * categories, or its category) and of every sub-topic in its category, by relevance (the default) and
 * newest first, through parseSearchParams and the search service as REST and the socket run them.
 * Prints p50/p95/max per group and the slowest topics. Env: REPS=5.
 */
import { join, resolve } from 'node:path';
import { CATEGORIES } from '../../schema/catalog/categories.ts';
import { HOME_CATEGORIES } from '../../schema/catalog/home-grid.ts';
import { parseSearchParams } from '../../schema/search-params.ts';
import { openDatabase } from '../../sync-server/src/plugins/db.ts';
import { searchRepository } from '../../sync-server/src/repositories/search.ts';

const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const reps = Number(process.env.REPS ?? 5);
const db = openDatabase(join(dataDir, 'hobbiz.sqlite'));
const repo = searchRepository(db);

type Case = { name: string; raw: Record<string, unknown> };
const tiles: Case[] = HOME_CATEGORIES.filter((t) => t.topic).map((t) => ({
  name: t.name,
  raw: { subiect: t.name, ...(t.category ? { category: t.category } : {}) },
}));
const subtopics: Case[] = CATEGORIES.flatMap((c) =>
  c.columns.flatMap((col) =>
    col.topics.map((t) => ({ name: `${c.slug} / ${t}`, raw: { category: c.name, subiect: t } })),
  ),
);

const q = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
for (const [group, cases] of [
  ['tiles', tiles],
  ['sub-topics', subtopics],
] as const) {
  for (const sort of ['relevance', 'recent']) {
    const times: { name: string; ms: number; total: number }[] = [];
    for (const c of cases) {
      const parsed = parseSearchParams({ ...c.raw, sort });
      if (!parsed.ok) throw new Error(parsed.error);
      await repo.search(parsed.params); // warm
      for (let i = 0; i < reps; i++) {
        const t0 = performance.now();
        const r = await repo.search(parsed.params);
        times.push({ name: c.name, ms: performance.now() - t0, total: r.total });
      }
    }
    const ms = times.map((t) => t.ms).sort((a, b) => a - b);
    const slow = [...times].sort((a, b) => b.ms - a.ms).slice(0, 3);
    console.log(
      `${group} ${sort}: p50 ${q(ms, 0.5).toFixed(1)} ms, p95 ${q(ms, 0.95).toFixed(1)} ms, max ${ms.at(-1)!.toFixed(1)} ms; ` +
        `slowest: ${slow.map((s) => `${s.name} ${s.ms.toFixed(0)} ms (${s.total})`).join(', ')}`,
    );
  }
}
