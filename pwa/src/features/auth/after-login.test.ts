import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './after-login.ts';

describe('the return path after signing in', () => {
  it('takes a path of this site only', () => {
    expect(safeReturnPath('/announcement/65a1b2c3d4e5f6a7b8c9d0e1?do=chat')).toBe(
      '/announcement/65a1b2c3d4e5f6a7b8c9d0e1?do=chat',
    );
    expect(safeReturnPath('/add-announcement')).toBe('/add-announcement');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      'javascript:alert(1)',
      '/login',
      3,
      null,
    ])
      expect(safeReturnPath(bad), String(bad)).toBeNull();
  });
});
