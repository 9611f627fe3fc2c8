import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The TypeScript sources under `dir`, tests left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * What a source file imports (or re-exports) that is still there after the build: its static
 * imports that are not type-only (those drag nothing along) and, with `dynamic`, its `import()`s.
 */
export function importedSpecifiers(source: string, { dynamic = false } = {}): string[] {
  const statics = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/g)]
    .filter((match) => !match[1])
    .map((match) => match[2] as string);
  if (!dynamic) return statics;
  return [...statics, ...[...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((match) => match[1] as string)];
}
