// `npm run build --workspace packages/sdk`: dist/ as a merchant installs it, ESM JavaScript and
// .d.ts emitted by TypeScript's own compiler, standing alone. The SDK takes only types from
// @gerbang/contract (private, shipped as TypeScript source, its types inferred from zod schemas),
// so tsc's declarations would say `import type … from '@gerbang/contract'`, which nobody outside
// this repository can resolve. This script therefore emits the SDK's files only, and writes
// contract-types.d.ts with every type the SDK takes from the contract expanded in full. It then
// checks that no file of dist/ names the contract or zod, and that a program using the package
// typechecks against dist/ alone.
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const sdk = fileURLToPath(new URL('..', import.meta.url));
const src = join(sdk, 'src');
const dist = join(sdk, 'dist');
const CONTRACT_TYPES = join(src, 'contract-types.ts');

const options = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts'],
  types: ['node'],
  strict: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  declaration: true,
  outDir: dist,
};

function fail(message) {
  console.error(`sdk build: ${message}`);
  process.exit(1);
}

function report(diagnostics) {
  if (diagnostics.length === 0) return;
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => sdk, getNewLine: () => '\n' };
  fail(`\n${ts.formatDiagnosticsWithColorAndContext(diagnostics, host)}`);
}

const entryFiles = readdirSync(src)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => join(src, name));
const program = ts.createProgram(entryFiles, options);
report(ts.getPreEmitDiagnostics(program));
const checker = program.getTypeChecker();

const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.InTypeAlias |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

function docOf(symbol) {
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  return text ? `/** ${text.replaceAll('\n', '\n * ')} */\n` : '';
}

/** contract-types.d.ts, written out: each export's type in full, none imported. */
function expandedContractTypes() {
  const file = program.getSourceFile(CONTRACT_TYPES);
  const lines = ["// Written by scripts/build.mjs from @gerbang/contract's types: every type in full.\n"];
  for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(file))) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const name = exported.getName();
    const declaration = symbol.declarations?.[0];
    if (symbol.flags & ts.SymbolFlags.TypeAlias && declaration?.typeParameters?.length) {
      // A generic of the SDK's own (Page<T>): its text names nothing from elsewhere.
      if (declaration.getSourceFile().fileName !== CONTRACT_TYPES) fail(`${name}: a generic type from the contract`);
      lines.push(`${docOf(symbol)}export ${declaration.getText().replace(/^export /, '')}\n`);
    } else if (symbol.flags & ts.SymbolFlags.Type) {
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      lines.push(`${docOf(symbol)}export type ${name} = ${checker.typeToString(type, undefined, FLAGS)};\n`);
    } else {
      const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
      lines.push(`${docOf(symbol)}export declare const ${name}: ${checker.typeToString(type, undefined, FLAGS)};\n`);
    }
  }
  return lines.join('\n');
}

rmSync(dist, { recursive: true, force: true });
const written = [];
for (const file of entryFiles) {
  const emitted = program.emit(program.getSourceFile(file), (path, text) => {
    // The contract resolves through node_modules, so tsc treats it as a library: never emitted.
    if (relative(dist, path).startsWith('..')) fail(`unexpected output ${path}`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, path === join(dist, 'contract-types.d.ts') ? expandedContractTypes() : text);
    written.push(path);
  });
  report(emitted.diagnostics);
}

// What a merchant gets must stand alone: no file names the contract or zod; JavaScript imports
// only Node's built-ins and its own files.
const FOREIGN = /from\s+['"](?!node:|\.{1,2}\/)([^'"]+)['"]|import\(['"](?!node:|\.{1,2}\/)([^'"]+)['"]\)/;
for (const path of written) {
  const foreign = FOREIGN.exec(readFileSync(path, 'utf8'));
  if (foreign) fail(`${relative(sdk, path)} imports ${foreign[1] ?? foreign[2]}`);
}

// A merchant's program, typechecked against dist/ alone (no path leads to the contract or zod).
const consumerDir = mkdtempSync(join(tmpdir(), 'gerbang-sdk-consumer-'));
const consumer = join(consumerDir, 'merchant.ts');
writeFileSync(
  consumer,
  `import { createGerbangClient, GerbangApiError, verifyWebhook, type PaymentSession } from ${JSON.stringify(join(dist, 'index.js'))};
const gerbang = createGerbangClient({ apiKey: 'gbk_x', baseUrl: 'https://pay.example.com' });
export async function pay(): Promise<PaymentSession['status']> {
  try {
    const session = await gerbang.paymentSessions.create({ referenceNumber: 'INV-1', amount: '150000', method: 'dana' });
    const event = verifyWebhook('{}', 't=1,v1=00', 'whsec_x');
    return event.sequence > 0 ? session.status : 'created';
  } catch (error) {
    if (error instanceof GerbangApiError && error.code === 'VALIDATION_FAILED') return 'failed';
    throw error;
  }
}
// @ts-expect-error: a status the contract does not know
export const wrong: PaymentSession['status'] = 'paid';
`,
);
try {
  const check = ts.createProgram([consumer], { ...options, declaration: false, noEmit: true, baseUrl: consumerDir });
  report(ts.getPreEmitDiagnostics(check));
} finally {
  rmSync(consumerDir, { recursive: true, force: true });
}
// And it runs: dist/ loads with no node_modules behind it, and a webhook verifies.
const built = await import(pathToFileURL(join(dist, 'index.js')).href);
const body = '{"id":"e","type":"t","sequence":1,"createdAt":"","data":{}}';
const t = Math.floor(Date.now() / 1000);
const mac = createHmac('sha256', 'whsec_build').update(`${t}.${body}`).digest('hex');
if (built.verifyWebhook(body, `t=${t},v1=${mac}`, 'whsec_build').sequence !== 1)
  fail('dist/ does not verify a webhook');
if (typeof built.createGerbangClient({ apiKey: 'k', baseUrl: 'http://x' }).paymentSessions.create !== 'function') {
  fail('dist/ makes no client');
}
console.log(`sdk build: ${written.length} files in ${relative(process.cwd(), dist) || 'dist'}, standing alone`);
