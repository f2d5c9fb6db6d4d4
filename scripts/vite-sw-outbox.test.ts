import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SW_OUTBOX_FILE, writeShellRevision } from './vite-sw-outbox.ts';

const dir = mkdtempSync(join(tmpdir(), 'sw-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the shell's revision in the worker's script", () => {
  it('is written at its head and replaced, never stacked, when written again', () => {
    const file = join(dir, SW_OUTBOX_FILE);
    writeFileSync(file, '"use strict";(()=>{})();');
    writeShellRevision(dir, 'abc');
    expect(readFileSync(file, 'utf8')).toBe('self.__HOBBIZ_SHELL__="abc";"use strict";(()=>{})();');
    writeShellRevision(dir, 'def');
    expect(readFileSync(file, 'utf8')).toBe('self.__HOBBIZ_SHELL__="def";"use strict";(()=>{})();');
  });
});
