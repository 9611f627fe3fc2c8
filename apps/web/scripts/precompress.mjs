// Compresses a built console once, at build time, so the server never compresses per request:
// every text asset gets a brotli (.br) and a gzip (.gz) sibling, which the console server picks by
// the request's Accept-Encoding (@fastify/static preCompressed).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers and a lookup cost. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes <file>.br and <file>.gz next to each compressible file of `dir`; returns the byte totals. */
export async function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    const raw = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy that is not smaller is useless; the server then sends the original.
    if (br.length < raw.length) await writeFile(`${path}.br`, br);
    if (gz.length < raw.length) await writeFile(`${path}.gz`, gz);
    totals.files += 1;
    totals.raw += raw.length;
    totals.br += Math.min(br.length, raw.length);
    totals.gz += Math.min(gz.length, raw.length);
  }
  return totals;
}

/** The same as a Vite plugin: every production build (npm start, build-all, benchmarks) ships compressed. */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'gerbang-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
