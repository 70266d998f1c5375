// @ts-check
// `npm start` on a fresh clone: build once when there is no build yet.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (!existsSync('dist/server/entry.mjs')) {
  console.log('[start] no build found: running astro build');
  execSync('npx astro build', { stdio: 'inherit' });
}
