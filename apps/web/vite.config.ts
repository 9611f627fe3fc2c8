import { relative, resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, normalizePath, type Plugin, parseAst, type UserConfig } from 'vite';
import { customerPageOf } from '../../packages/contract/src/customer-pages.ts';
import { consoleChunkGroups } from './scripts/console-chunks.ts';
import { precompressPlugin } from './scripts/precompress.mjs';
import { BUILD_TARGETS, type ConsoleKind, consoleKindOf, isBuildTarget } from './src/config/build-targets.ts';
import defaults from './src/config/defaults.json' with { type: 'json' };

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const PURE = '/* @__PURE__ */ ';
const FUNCTION_TYPES = new Set(['ArrowFunctionExpression', 'FunctionExpression']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** Start offsets of every call in `node`, outside function bodies (those do not run at load). */
function collectCalls(node: Node, starts: Set<number>): void {
  if (FUNCTION_TYPES.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const value of Object.values(node)) {
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) if (isNode(child)) collectCalls(child, starts);
  }
}

function topLevelInitializers(program: Node): Node[] {
  const inits: Node[] = [];
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      if (isNode(declarator.init)) inits.push(declarator.init);
    }
  }
  return inits;
}

/**
 * The contract builds its zod schemas at module level (`export const x = z.object(...)`). A
 * bundler must assume a call may have side effects, so it would keep every schema of every
 * contract module a page touches: a page needing one constant (a path, a role id) would ship
 * zod. Building a schema has no side effects (zod itself is "sideEffects": false), so every call
 * in a top-level initializer is marked pure and the schemas no chunk uses are dropped.
 * Comments only are inserted, so line numbers (and the existing source map) stay valid.
 */
function contractSchemasArePure(): Plugin {
  return {
    name: 'gerbang:contract-schemas-are-pure',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/ },
      handler(code, id) {
        const starts = new Set<number>();
        const program = parseAst(code, { lang: 'ts' }, id) as unknown as Node;
        for (const init of topLevelInitializers(program)) collectCalls(init, starts);
        if (starts.size === 0) return null;
        let result = code;
        for (const start of [...starts].sort((a, b) => b - a)) {
          result = `${result.slice(0, start)}${PURE}${result.slice(start)}`;
        }
        return { code: result, map: null };
      },
    },
  };
}

/**
 * With the API on another origin (an absolute VITE_BACKEND_URL), opens the connection to it while
 * the page's scripts download: every signed-in page's first request goes there, and on a phone a
 * connection costs round trips. No `crossorigin`: the API client sends credentials, which use the
 * browser's main pool. Under the console's own origin (`/api`, the default) there is nothing to open.
 */
function preconnectToApi(backendUrl: string): Plugin {
  return {
    name: 'gerbang:preconnect-to-api',
    transformIndexHtml: () =>
      backendUrl.startsWith('/')
        ? []
        : [{ tag: 'link', attrs: { rel: 'preconnect', href: new URL(backendUrl).origin }, injectTo: 'head' }],
  };
}

/**
 * Writes .vite/chunk-of-module.json: the file each of the app's modules ended in. The bundler puts
 * a page's module in its feature's file without a file re-exporting it, and Vite's manifest then
 * has no entry for it: scripts/route-preloads.mjs (readManifest) reads this map beside it.
 */
function chunkOfModule(): Plugin {
  let root = '';
  return {
    name: 'gerbang:chunk-of-module',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunkOf: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const key = normalizePath(relative(root, id));
          if (key.startsWith('src/')) chunkOf[key] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-of-module.json', source: JSON.stringify(chunkOf) });
    },
  };
}

/** The development server answers customer paths with customer.html, as the console server does. */
function customerPagesInDevelopment(): Plugin {
  return {
    name: 'gerbang:customer-pages-in-development',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://x');
        if (customerPageOf(url.pathname)) request.url = `/customer.html${url.search}`;
        next();
      });
    },
  };
}

/**
 * The customer pages' own build (customer.html → src/customer-main.tsx), written into the admin
 * console's folder after the console's build: one vendor file (React and i18next, without the
 * console's router, query cache and HTTP client), the page, and only the translations it shows.
 */
function customerBuild(outDir: string): UserConfig['build'] {
  return {
    outDir,
    emptyOutDir: false,
    manifest: '.vite/customer-manifest.json',
    target: 'es2022',
    rolldownOptions: {
      input: resolve(import.meta.dirname, 'customer.html'),
      output: {
        // By hash alone, as the consoles' chunks (their names were bytes of each page's first load).
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            {
              name: 'customer-vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
    },
  };
}

/** The console's route table, which src/main.tsx imports as `#console-routes`. */
export function consoleRoutesOf(kind: ConsoleKind): string {
  return resolve(import.meta.dirname, `src/app/${kind}-routes.ts`);
}

// Node-side build configuration. The app itself reads its settings only in src/config/env.ts.
export default defineConfig(({ mode }) => {
  const fileEnv = loadEnv(mode, process.cwd(), 'VITE_');
  const target = process.env.VITE_BUILD_TARGET || fileEnv.VITE_BUILD_TARGET || 'admin';
  if (!isBuildTarget(target)) {
    throw new Error(`VITE_BUILD_TARGET must be one of ${BUILD_TARGETS.join(', ')}; got "${target}"`);
  }
  const plugins = [
    react(),
    tailwindcss(),
    contractSchemasArePure(),
    preconnectToApi(process.env.VITE_BACKEND_URL || fileEnv.VITE_BACKEND_URL || defaults.backendUrl),
    customerPagesInDevelopment(),
    precompressPlugin(),
  ];
  if (process.env.GERBANG_BUILD_PAGES === 'customer') return { plugins, build: customerBuild(`dist/${target}`) };
  return {
    plugins: [...plugins, chunkOfModule()],
    // Spec §1: the build target, not the user's role, picks the route list (and with it the
    // layout, which names the table in turn): the other console's table, layout and pages are not
    // in this console's build.
    resolve: { alias: { '#console-routes': consoleRoutesOf(consoleKindOf(target)) } },
    build: {
      outDir: `dist/${target}`,
      emptyOutDir: true,
      // .vite/manifest.json maps the chunks to their files and imports; with chunk-of-module.json
      // (readManifest) it gives each page's files to route-preloads and the bundle-size check.
      manifest: true,
      target: 'es2022',
      rolldownOptions: {
        output: {
          codeSplitting: { groups: consoleChunkGroups(consoleKindOf(target)) },
          // Chunks by their hash alone: the shell lists every page's files for its preloads, and
          // their names were bytes of every console's first load (the manifest still names them).
          chunkFileNames: 'assets/[hash].js',
        },
      },
    },
    server: {
      port: target.includes('admin') ? 3000 : 3001,
      // As the console server does in production: the API (and its socket.io) under `/api`, its
      // documentation left on the API's own origin.
      proxy: {
        '^/api/(?!docs)': {
          target: `http://localhost:${process.env.PORT || 8080}`,
          ws: true,
          rewrite: (path) => path.slice('/api'.length),
        },
      },
    },
    preview: { port: target.includes('admin') ? 3000 : 3001 },
  };
});
