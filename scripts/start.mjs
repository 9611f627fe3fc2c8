// `npm start`: builds what is missing or out of date (the admin and merchant consoles, the server),
// then runs the built server (no TypeScript compiled at run time): the API, realtime and both
// consoles in this one process on the embedded default (PGlite in DATA_DIR).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'apps/web');
// The consoles reach the API under their own origin (the console server hands `/api` to it).
const backendUrl = process.env.VITE_BACKEND_URL || '/api';
const variant = process.env.CONSOLE_VARIANT === 'bisnis' ? '-bisnis' : '';

for (const target of [`admin${variant}`, `merchant${variant}`]) {
  const dist = join(webDir, 'dist', target);
  const infoFile = join(dist, 'build-info.json');
  const info = existsSync(infoFile) ? JSON.parse(readFileSync(infoFile, 'utf8')) : null;
  // An admin build from before the customer pages had their own document is built again.
  const complete = !target.startsWith('admin') || existsSync(join(dist, 'customer.html'));
  if (info?.backendUrl === backendUrl && complete) continue;
  console.log(`Building the ${target} console (backend ${backendUrl})...`);
  const result = spawnSync(process.execPath, ['scripts/build-all.mjs', target], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, VITE_BACKEND_URL: backendUrl },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(infoFile, JSON.stringify({ target, backendUrl, builtAt: new Date().toISOString() }));
}

const { buildServer, serverBuildIsStale, SERVER_BUILD } = await import('../apps/server/scripts/build.mjs');
if (serverBuildIsStale()) {
  console.log('Building the server...');
  await buildServer();
}
await import(pathToFileURL(SERVER_BUILD).href);
