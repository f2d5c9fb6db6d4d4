import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../sync-server/src/plugins/db.ts';
import { defaultSellers, seedCatalogue } from './seed-catalogue.ts';
import { isEmpty, seed } from './seed-lib.ts';

// Without flags: migrates the database and, when it is empty and SEED is not '0', fills it with the demo
// catalogue. With --announcements N [--sellers S] [--seed K]: adds a large generated catalogue instead.
function flags() {
  try {
    return parseArgs({
      options: { announcements: { type: 'string' }, sellers: { type: 'string' }, seed: { type: 'string' } },
    }).values;
  } catch (err) {
    console.error(`[seed] ${(err as Error).message}`);
    console.error('[seed] usage: npm run seed [-- --announcements N [--sellers S] [--seed K]]');
    process.exit(2);
  }
}
const values = flags();

function count(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw.replaceAll('_', ''));
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`[seed] --${flag} expects a positive whole number, got '${raw}'`);
    process.exit(2);
  }
  return n;
}

const announcements = count('announcements', values.announcements);
const sellers = count('sellers', values.sellers);
const prngSeed = count('seed', values.seed);
if (announcements === undefined && (sellers !== undefined || prngSeed !== undefined)) {
  console.error('[seed] --sellers and --seed go with --announcements N');
  process.exit(2);
}

const dataDir = resolve(process.env.DATA_DIR ?? './data');
const file = join(dataDir, 'hobbiz.sqlite');
const db = openDatabase(file);
if (announcements !== undefined) {
  const r = await seedCatalogue(db, {
    announcements,
    sellers: sellers ?? defaultSellers(announcements),
    seed: prngSeed ?? 1,
    uploadsDir: join(dataDir, 'uploads'),
    log: (line) => console.log(line),
  });
  db.$client.close();
  const mb = (statSync(file).size / 1024 / 1024).toFixed(0);
  console.log(
    `[seed] catalogue: ${r.announcements} announcements, ${r.sellers} sellers, ${r.favorites} favourites in ${(r.ms / 1000).toFixed(1)} s; ${file} is ${mb} MB`,
  );
} else {
  if (process.env.SEED === '0') {
    console.log('[seed] SEED=0: demo data skipped');
  } else if (!isEmpty(db)) {
    console.log('[seed] database already has data: nothing to do');
  } else {
    const t0 = Date.now();
    const n = await seed(db, dataDir);
    console.log(`[seed] ${n.users} users and ${n.announcements} announcements in ${Date.now() - t0} ms`);
  }
  db.$client.close();
}
