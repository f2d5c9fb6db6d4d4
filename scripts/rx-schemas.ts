import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { renderGenerated } from '../schema/rx/derived.ts';

/** Writes schema/rx/schemas.gen.ts from the zod entities (run after changing an entity or an RxDB spec). */
const target = new URL('../schema/rx/schemas.gen.ts', import.meta.url);
writeFileSync(target, renderGenerated());
execFileSync('npx', ['biome', 'format', '--write', target.pathname], { stdio: 'inherit' });
console.log('schema/rx/schemas.gen.ts written');
