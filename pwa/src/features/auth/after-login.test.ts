// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetReturn, hereForReturn, rememberReturn, safeReturnPath, takeReturn } from './after-login.ts';

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

  it('never sends back to the sign-in pages themselves (a loop), nor takes an overlong path', () => {
    for (const loop of ['/login?redirect=/x', '/signup', '/oauth-success#token=t'])
      expect(safeReturnPath(loop), loop).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(499)}`)).toHaveLength(500);
    expect(safeReturnPath(`/${'a'.repeat(500)}`)).toBeNull();
  });
});

describe('remembered across the Google round trip', () => {
  beforeEach(() => sessionStorage.clear());

  it('is read once: the next sign-in without a page to return to lands on the home page', () => {
    rememberReturn('/announcement/65a1b2c3d4e5f6a7b8c9d0e1?do=chat');
    expect(takeReturn()).toBe('/announcement/65a1b2c3d4e5f6a7b8c9d0e1?do=chat');
    expect(takeReturn()).toBe('/');
  });

  it('an abandoned sign-in is forgotten by the next plain visit to /login', () => {
    rememberReturn('/announcement/65a1b2c3d4e5f6a7b8c9d0e1?do=chat');
    forgetReturn();
    expect(takeReturn()).toBe('/');
  });

  it('an unsafe redirect is not remembered', () => {
    rememberReturn('https://evil.example/phish');
    rememberReturn('//evil.example');
    expect(takeReturn()).toBe('/');
  });

  it('a value planted in sessionStorage is checked again when read', () => {
    sessionStorage.setItem('hobbiz:after-login', '//evil.example');
    expect(takeReturn()).toBe('/');
    expect(sessionStorage.getItem('hobbiz:after-login')).toBeNull();
  });

  it('the page a guest is on, with what they were doing, makes a return path', () => {
    history.replaceState(null, '', '/announcement/65a1b2c3d4e5f6a7b8c9d0e1?from=home#photos');
    const here = hereForReturn({ do: 'chat' });
    expect(here).toBe('/announcement/65a1b2c3d4e5f6a7b8c9d0e1?from=home&do=chat');
    expect(safeReturnPath(here)).toBe(here);
    expect(hereForReturn()).toBe('/announcement/65a1b2c3d4e5f6a7b8c9d0e1?from=home');
  });
});
