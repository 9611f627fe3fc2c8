// `npm test -- layout`: the codebase keeps two habits of STYLE.md that no linter here checks.
// Every source file (tests aside) stays within MAX_SOURCE_LINES, and no file imports another
// that imports it back, directly or around a circle (type-only imports included: a circle of
// types is a circle of modules to read).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const MAX_SOURCE_LINES = 400;
const ROOTS = [
  'packages/contract/src',
  'packages/sdk/src',
  'packages/sdk/scripts',
  'apps/server/src',
  'apps/server/scripts',
  'apps/web/src',
  'apps/simulator/src',
  'bench/src',
  'scripts',
];
const SOURCE = /\.(ts|tsx|mjs)$/;
const TEST = /\.test(-support)?\.(ts|tsx)$|\.test-support\.ts$/;

function walk(dir, into) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, into);
    else if (SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts'))
      into.push(resolve(path));
  }
  return into;
}

const files = ROOTS.flatMap((dir) => walk(join(root, dir), []));
const problems = [];
const graph = new Map();
const importOf = /^(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\.(js|mjs)$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_SOURCE_LINES) problems.push(`${relative(root, file)}: ${lines} lines (at most ${MAX_SOURCE_LINES})`);
  graph.set(file, [...text.matchAll(importOf)].map((match) => resolveImport(file, match[1])).filter(Boolean));
}

const state = new Map();
const stack = [];
function visit(file) {
  state.set(file, 'open');
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 'open') {
      const circle = [...stack.slice(stack.indexOf(next)), next].map((path) => relative(root, path));
      problems.push(`import circle: ${circle.join(' -> ')}`);
    } else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, 'done');
}
for (const file of files) if (!state.has(file)) visit(file);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`${files.length} source files, none over ${MAX_SOURCE_LINES} lines, no import circles`);
