import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'gerbang-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('data folder lock', () => {
  it('refuses a second process while the first holds the folder', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(dir, 'gerbang.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(/in use by another Gerbang process \(pid \d+\)/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left behind by a process that died', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'gerbang.lock'), '2147483646');
    const release = lockDataDir(dir);
    release();
    expect(existsSync(join(dir, 'gerbang.lock'))).toBe(false);
  });
});
