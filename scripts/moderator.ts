import { join, resolve } from 'node:path';
import { closePgDatabase, openPgDatabase } from '../sync-server/src/lib/pg-backend.ts';
import { closeDatabase, openDatabase } from '../sync-server/src/plugins/db.ts';
import { moderationRepository } from '../sync-server/src/repositories/trust.ts';

// Issue 24: `npm run moderator -- add EMAIL` / `remove EMAIL` gives or takes the moderator role, on the
// database the server uses (DATABASE_URL, else DATA_DIR/hobbiz.sqlite). It works while the server runs:
// the role is read from the database at every request of the moderation API.
const [command, email] = process.argv.slice(2);
if ((command !== 'add' && command !== 'remove') || !email) {
  console.error('usage: npm run moderator -- add EMAIL | remove EMAIL');
  process.exit(2);
}
const url = process.env.DATABASE_URL;
const db = url
  ? await openPgDatabase(url, { poolMax: 1 })
  : openDatabase(join(resolve(process.env.DATA_DIR ?? './data'), 'hobbiz.sqlite'));
try {
  const found = await moderationRepository(db).setRoleByEmail(
    email,
    command === 'add' ? 'moderator' : 'user',
  );
  if (!found) {
    console.error(`[moderator] no account with the address ${email}`);
    process.exitCode = 1;
  } else
    console.log(
      `[moderator] ${email} ${command === 'add' ? 'is now a moderator' : 'is no longer a moderator'}`,
    );
} finally {
  if (url) await closePgDatabase(db);
  else closeDatabase(db);
}
