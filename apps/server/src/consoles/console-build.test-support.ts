import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** A built console as the web build leaves it: hashed assets with .br and .gz siblings. */
export function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'gerbang-console-'));
  mkdirSync(join(root, 'assets'));
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body>${'x'.repeat(2000)}</body></html>`;
  const js = `console.log(${JSON.stringify('a'.repeat(5000))});`;
  const customerHtml = html.replace('index-AbCd1234', 'customer-EfGh5678');
  const files: Record<string, string> = {
    'index.html': html,
    'customer.html': customerHtml,
    'assets/index-AbCd1234.js': js,
    // A chunk is named by its hash alone.
    'assets/Xy_1-Zw4.js': js,
    'favicon.svg': '<svg/>',
  };
  mkdirSync(join(root, '.vite'));
  const preloads = [{ path: '/device/:id', files: ['assets/device-detail-Xy12Zw34.js', 'assets/devices-Qr56St78.js'] }];
  writeFileSync(join(root, '.vite/route-preloads.json'), JSON.stringify(preloads));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(root, name), content);
    if (content.length > 1024) {
      writeFileSync(join(root, `${name}.br`), brotliCompressSync(content));
      writeFileSync(join(root, `${name}.gz`), gzipSync(content));
    }
  }
  return root;
}
