import { describe, expect, it } from 'vitest';
import { backFallback, mobileBar, showsBackArrow } from './shell-paths.ts';

describe('phone header per page', () => {
  it('the spec keeps its search header; detail, listing, static and account pages get the back bar', () => {
    expect(mobileBar('/login', false)).toBe('search');
    expect(mobileBar('/plati', false)).toBe('search');
    for (const p of [
      '/announcement/abc',
      '/anunturi-categorie/Dans',
      '/despre',
      '/termeni',
      '/notificari',
      '/profil/u1',
    ])
      expect(mobileBar(p, false)).toBe('page');
  });

  it('the bottom navigation sections and home are the top level: no bar, no arrow', () => {
    for (const p of [
      '/favorite-announcements',
      '/chat',
      '/chat/x-y',
      '/cont',
      '/add-announcement',
      '/adauga-anunt',
    ]) {
      expect(mobileBar(p, false)).toBe('none');
      expect(showsBackArrow(p, false)).toBe(false);
    }
    expect(mobileBar('/', true)).toBe('none');
    expect(showsBackArrow('/', true)).toBe(false);
    // '/contul-tau' is not '/cont'.
    expect(showsBackArrow('/contul-tau', false)).toBe(true);
  });

  it("without earlier pages the arrow leads to the page's parent", () => {
    expect(backFallback('/announcement/abc')).toBe('/');
    expect(backFallback('/anunturi-categorie/Dans')).toBe('/');
    expect(backFallback('/cookie')).toBe('/');
    expect(backFallback('/setari-cont')).toBe('/cont');
    expect(backFallback('/profil')).toBe('/cont');
    expect(backFallback('/profil/u1')).toBe('/');
    expect(backFallback('/profil/u1/toate-recenziile')).toBe('/profil/u1');
    expect(backFallback('/edit-announcement')).toBe('/anunturile-mele');
    expect(backFallback('/forgot-password')).toBe('/login');
  });
});
