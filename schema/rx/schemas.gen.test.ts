import { describe, expect, it } from 'vitest';
import { DERIVED_RX_SCHEMAS } from './derived.ts';
import * as generated from './schemas.gen.ts';

describe('schemas.gen.ts (what the PWA opens its database with)', () => {
  it('holds exactly the schemas derived from the zod entities — else run `npm run rx:generate`', () => {
    const written = generated as unknown as Record<string, unknown>;
    expect(Object.keys(written).sort()).toEqual(DERIVED_RX_SCHEMAS.map(([name]) => name).sort());
    for (const [name, , schema] of DERIVED_RX_SCHEMAS) {
      expect(JSON.parse(JSON.stringify(written[name])), name).toEqual(JSON.parse(JSON.stringify(schema)));
    }
  });
});
