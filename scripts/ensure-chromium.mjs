#!/usr/bin/env node
// Browser tests drive Debian's Chromium (npm's Playwright browser download does not work here).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
console.log('[e2e] Chromium missing: installing it with apt…');
const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
execSync(
  `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
  {
    stdio: 'inherit',
  },
);
if (!existsSync(path)) {
  console.error(`[e2e] Chromium still missing at ${path}`);
  process.exit(1);
}
