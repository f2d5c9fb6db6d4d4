import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../../schema/images.ts';
import { LocalDirectoryStorage } from '../lib/file-storage.ts';
import { removeAttachment } from './rest-attachments.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('removeAttachment', () => {
  it('removes an image with every size variant schema/images.ts names, in its folder', async () => {
    dir = mkdtempSync(join(tmpdir(), 'hobbiz-att-'));
    mkdirSync(join(dir, 'chat'));
    const files = ['chat/a.jpg', ...IMAGE_WIDTHS.map((w) => `chat/a-${w}.webp`), 'chat/b.jpg'];
    for (const f of files) writeFileSync(join(dir, f), 'x');
    await removeAttachment(new LocalDirectoryStorage(dir), '/uploads/chat/a.jpg');
    expect(files.filter((f) => existsSync(join(dir, f)))).toEqual(['chat/b.jpg']);
  });

  it('removes a document alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'hobbiz-att-'));
    mkdirSync(join(dir, 'chat'));
    writeFileSync(join(dir, 'chat/o.pdf'), 'x');
    await removeAttachment(new LocalDirectoryStorage(dir), '/uploads/chat/o.pdf');
    expect(existsSync(join(dir, 'chat/o.pdf'))).toBe(false);
  });
});
