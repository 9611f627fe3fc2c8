// Builds the server once into dist/main.js (what `npm start` runs): TypeScript is compiled here,
// never at run time. The workspace's own packages (@gerbang/*, shipped as TypeScript) are bundled
// in; every other package stays in node_modules and is imported from there at run time.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUILD = join(serverDir, 'dist', 'main.js');
const SOURCES = [join(serverDir, 'src'), join(serverDir, '..', '..', 'packages', 'contract', 'src')];

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when dist/main.js is missing or older than a source file. */
export function serverBuildIsStale() {
  if (!existsSync(SERVER_BUILD)) return true;
  const builtAt = statSync(SERVER_BUILD).mtimeMs;
  return SOURCES.some((dir) => newestChange(dir) > builtAt);
}

const keepPackagesExternal = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@gerbang/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  await build({
    entryPoints: [join(serverDir, 'src', 'main.ts')],
    outfile: SERVER_BUILD,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Test files never reach the build: only what main.ts imports is bundled.
    plugins: [keepPackagesExternal],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Built ${SERVER_BUILD}`);
}
