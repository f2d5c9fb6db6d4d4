import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The house rule of docs/ARCHITECTURE.md, checked on the source: one unit of work for every write. Only the
 * unit of work (and the SQLite back-end it is bound to) opens transactions and takes seqs; SQL lives in
 * repositories; routes and replication handlers publish nothing themselves.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const isTestCode = (path: string) =>
  /\.test\.ts$|(^|\/)test-[\w-]+\.ts$|^property\//.test(path) || path.endsWith('/test-fixtures.ts');

function serverFiles(dir = src): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return serverFiles(full);
    const path = relative(src, full);
    return e.name.endsWith('.ts') && !isTestCode(path) ? [{ path, text: readFileSync(full, 'utf8') }] : [];
  });
}
const files = serverFiles();
const where = (pattern: RegExp) =>
  files
    .filter((f) => pattern.test(f.text))
    .map((f) => f.path)
    .sort();

describe('write paths', () => {
  it('reads the server sources (the checks below are not vacuous)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.path === 'lib/unit-of-work.ts')).toBe(true);
  });

  it('only the unit of work and its SQLite binding open transactions', () => {
    expect(where(/\.transaction\(/)).toEqual(['lib/unit-of-work.ts', 'plugins/db.ts']);
  });

  it('only the unit of work takes seqs (and plugins/db.ts, for offline tools)', () => {
    // lib/pg-backend.ts: the PostgreSQL back-end's counter, taken under the seq lock.
    expect(where(/\bnextSeq\b/)).toEqual(['lib/pg-backend.ts', 'lib/unit-of-work.ts', 'plugins/db.ts']);
  });

  it('SQL is written in repositories only (the back-end module aside)', () => {
    const sql = /\.prepare\(\s*['"`]|\$client\.(prepare|exec)\b|\bdb\s*\.\s*(insert|update|delete|select)\(/;
    expect(where(sql).filter((p) => !p.startsWith('repositories/'))).toEqual(['plugins/db.ts']);
  });

  it('routes and replication handlers neither publish real-time effects nor write through the database', () => {
    const transports = files.filter(
      (f) => f.path.startsWith('routes/') || f.path.startsWith('replication/collections/'),
    );
    expect(transports.length).toBeGreaterThan(10);
    for (const f of transports) {
      expect(f.text, f.path).not.toMatch(
        /hub\.(poke|emit|disconnect)\(|\.transaction\(|\bnextSeq\b|tx\.seq\(/,
      );
    }
  });
});
