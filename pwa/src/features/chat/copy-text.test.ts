// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';

/** 'Copiază' on a message: the Clipboard API, or the older selection trick where it is refused. */
afterEach(() => vi.restoreAllMocks());

function clipboard(writeText: (t: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}
/** happy-dom has no execCommand: the browser's answer and what was selected when it ran. */
function execCommand(result: boolean) {
  const seen: { command: string; selected: string; inPage: boolean }[] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: (command: string) => {
      const area = document.querySelector('textarea');
      seen.push({ command, selected: area?.value ?? '', inPage: !!area });
      return result;
    },
  });
  return seen;
}

describe('copyText', () => {
  it('writes the text to the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    clipboard(writeText);
    const seen = execCommand(true);
    expect(await copyText('Bună, mai e disponibil?')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('Bună, mai e disponibil?');
    expect(seen).toEqual([]);
  });

  it('falls back to copying a hidden selection when the Clipboard API is refused, and cleans up', async () => {
    clipboard(async () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const seen = execCommand(true);
    expect(await copyText('Ofertă: 120 lei')).toBe(true);
    expect(seen).toEqual([{ command: 'copy', selected: 'Ofertă: 120 lei', inPage: true }]);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('says it failed when the fallback fails too', async () => {
    clipboard(async () => Promise.reject(new Error('no')));
    execCommand(false);
    expect(await copyText('x')).toBe(false);
    expect(document.querySelector('textarea')).toBeNull();
  });
});
