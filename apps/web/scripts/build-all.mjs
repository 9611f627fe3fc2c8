// Builds the four consoles (spec §1) one after another into dist/<target>, the admin ones with the
// customer pages. Sequential on purpose: the machines have two cores, and parallel builds only thrash.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole } from './build-console.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const targets = JSON.parse(await readFile(resolve(root, 'src/config/build-targets.json'), 'utf8'));
const only = process.argv.slice(2);
const selected = only.length > 0 ? targets.filter((target) => only.includes(target)) : targets;

for (const target of selected) {
  const startedAt = Date.now();
  await buildConsole(target);
  console.log(`built ${target} -> dist/${target} in ${Date.now() - startedAt} ms`);
}
