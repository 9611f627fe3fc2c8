import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPassword } from './password-source';

describe("the simulator's operator password", () => {
  const folder = mkdtempSync(join(tmpdir(), 'gerbang-sim-password-'));

  it('comes from SIM_PASSWORD as it is', async () => {
    expect(await readPassword({ from: 'environment', value: ' with spaces ' }, 'ops@example.test')).toBe(
      ' with spaces ',
    );
  });

  it("is a file's first line, without its line break", async () => {
    const file = join(folder, 'password');
    writeFileSync(file, 'a long enough secret\r\nignored\n', { mode: 0o600 });
    expect(await readPassword({ from: 'file', path: file }, 'ops@example.test')).toBe('a long enough secret');
  });

  it('refuses an empty file, naming it', async () => {
    const file = join(folder, 'empty');
    writeFileSync(file, '\n');
    await expect(readPassword({ from: 'file', path: file }, 'ops@example.test')).rejects.toThrow(
      `No password for ops@example.test (${file} is empty)`,
    );
  });

  it('is not asked for without a terminal, saying what to do instead', async () => {
    await expect(readPassword({ from: 'prompt' }, 'ops@example.test')).rejects.toThrow(
      'No terminal to ask the password on: set SIM_PASSWORD or use --password-file <file>',
    );
  });
});
