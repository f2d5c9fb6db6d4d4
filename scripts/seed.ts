import { join, resolve } from 'node:path';
import { openDatabase } from '../sync-server/src/plugins/db.ts';
import { isEmpty, seed } from './seed-lib.ts';

// Migrates the database and, when it is empty and SEED is not '0', fills it with the demo catalogue.
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const db = openDatabase(join(dataDir, 'hobbiz.sqlite'));
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
