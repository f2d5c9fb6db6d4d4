import { describe, expect, it } from 'vitest';
import { dropInlinedCss } from './vite-inlined-css.ts';

// The shape Vite 8 writes (minified): one list of files per chunk, imports naming indexes into it.
const chunk = (calls: string) =>
  `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/member-1.js","assets/app-2.css","assets/x-3.css"])))=>i.map(i=>d[i]);${calls}`;

describe("the first screen's inlined stylesheet in lazy imports", () => {
  it('is left out of every import, the other files keep their indexes', () => {
    const out = dropInlinedCss(
      chunk('a(()=>import("./member-1.js"),__vite__mapDeps([0,1,2]));b(()=>0,__vite__mapDeps([1]))'),
    );
    expect(out).toContain('__vite__mapDeps([0,2])');
    expect(out).toContain('__vite__mapDeps([])');
    expect(out).toContain('m.f=["assets/member-1.js","assets/app-2.css","assets/x-3.css"]');
  });

  it('leaves a chunk without it, or without imports, as it is', () => {
    const code =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a-1.js"])))=>i.map(i=>d[i]);';
    expect(dropInlinedCss(code)).toBe(code);
    expect(dropInlinedCss('console.log(1)')).toBe('console.log(1)');
  });

  it('fails the build when the list names it but no import can be found (Vite changed its output)', () => {
    expect(() => dropInlinedCss(chunk('a(()=>import("./member-1.js"),deps([0,1]))'))).toThrow(/inlined CSS/);
  });
});
