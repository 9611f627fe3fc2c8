// One console's production build (spec §1), for build-all.mjs and the browser benchmarks. The
// admin consoles also serve the customer pages (spec §2), from their own small second build
// (customer.html) written into the same folder.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Builds `target` into `outDir` (default dist/<target>). Environment: VITE_* as Vite reads them. */
export async function buildConsole(target, { outDir = resolve(root, 'dist', target) } = {}) {
  // Vite gives variables already in the environment priority over .env files.
  process.env.VITE_BUILD_TARGET = target;
  const options = { root, configFile: resolve(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn' };
  await build({ ...options, build: { outDir, emptyOutDir: true } });
  if (!target.includes('admin')) return;
  process.env.GERBANG_BUILD_PAGES = 'customer';
  try {
    await build({ ...options, build: { outDir, emptyOutDir: false } });
  } finally {
    delete process.env.GERBANG_BUILD_PAGES;
  }
}
