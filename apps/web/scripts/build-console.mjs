// One console's production build (spec §1), for build-all.mjs and the browser benchmarks. The
// admin consoles also serve the customer pages (spec §2), from their own small second build
// (customer.html) written into the same folder.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { build } from 'vite';
import { writeRoutePreloads } from './route-preloads.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Builds `target` into `outDir` (default dist/<target>). Environment: VITE_* as Vite reads them. */
export async function buildConsole(target, { outDir = resolve(root, 'dist', target) } = {}) {
  // Vite gives variables already in the environment priority over .env files.
  process.env.VITE_BUILD_TARGET = target;
  const options = { root, configFile: resolve(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn' };
  await build({ ...options, build: { outDir, emptyOutDir: true } });
  // The route table as the console's router reads it (spec §1: "admin" in the target picks it).
  const consoleKind = target.includes('admin') ? 'admin' : 'merchant';
  const table = consoleKind === 'admin' ? 'admin-routes.ts' : 'merchant-routes.ts';
  const routes = await tsImport(resolve(root, 'src/app', table), import.meta.url);
  writeRoutePreloads(outDir, routes.ADMIN_ROUTES ?? routes.MERCHANT_ROUTES, consoleKind);
  if (consoleKind !== 'admin') return;
  process.env.GERBANG_BUILD_PAGES = 'customer';
  try {
    await build({ ...options, build: { outDir, emptyOutDir: false } });
  } finally {
    delete process.env.GERBANG_BUILD_PAGES;
  }
}
