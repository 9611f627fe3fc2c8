// Gzip budgets of what a browser downloads (issue 2; research/performance-and-reliability.md §2):
// - the sign-in route: the entry (index.html's scripts and styles, with their static imports)
//   plus the sign-in route chunk and its static imports: ≤ 120 KB;
// - the shell: the entry plus the signed-in layout and the start page: ≤ 250 KB.
// Sizes do not vary between runs, so `npm test` checks them. Reads Vite's build manifest.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const root = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const BUDGETS = [
  {
    name: 'sign-in route',
    targets: ['admin', 'merchant'],
    modules: ['src/app/routes/auth/signin.tsx'],
    maxBytes: 120 * KB,
  },
  {
    name: 'shell',
    targets: ['admin'],
    modules: ['src/app/routes/devices/device-dashboard.tsx'],
    maxBytes: 250 * KB,
  },
  {
    name: 'shell',
    targets: ['merchant'],
    modules: ['src/app/routes/merchant-console/dashboard.tsx'],
    maxBytes: 250 * KB,
  },
];

function closure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`"${key}" is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
}

let failed = 0;
for (const budget of BUDGETS) {
  for (const target of budget.targets) {
    const dist = join(root, target);
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
    const files = closure(manifest, 'index.html');
    for (const module of budget.modules) closure(manifest, module, files);
    const bytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
    const ok = bytes <= budget.maxBytes;
    if (!ok) failed += 1;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${target} ${budget.name}: ${(bytes / KB).toFixed(1)} KB gzip (budget ${budget.maxBytes / KB} KB, ${files.size} files)`,
    );
  }
}
process.exit(failed > 0 ? 1 : 0);
