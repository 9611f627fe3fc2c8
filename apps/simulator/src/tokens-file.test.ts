import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTokensFile, TokensFileError, writeTokensFile } from './tokens-file';

const made: string[] = [];
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), 'gerbang-sim-'));
  made.push(path);
  return path;
};
afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

describe('tokens file', () => {
  it('reads a missing file as no tokens', async () => {
    expect(await readTokensFile(join(folder(), 'none.json'))).toEqual({});
  });

  it('writes tokens that read back the same, creating the folder, readable by the owner only', async () => {
    const path = join(folder(), 'nested', 'simulator-devices.json');
    const tokens = { 'sim-001': { id: 'a1', token: 'secret-1' }, 'sim-002': { id: 'a2', token: 'secret-2' } };
    await writeTokensFile(path, tokens);
    expect(await readTokensFile(path)).toEqual(tokens);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('tightens a file that others could read when it is rewritten', async () => {
    const path = join(folder(), 'tokens.json');
    writeFileSync(path, '{}', { mode: 0o644 });
    await writeTokensFile(path, { 'sim-001': { id: 'a1', token: 't' } });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ 'sim-001': { id: 'a1', token: 't' } });
  });

  it('refuses a file that is not JSON, naming it', async () => {
    const path = join(folder(), 'broken.json');
    writeFileSync(path, '{ not json');
    await expect(readTokensFile(path)).rejects.toThrow(
      new TokensFileError(`The tokens file ${path} is not valid JSON.`),
    );
  });

  it('refuses entries without an id and a token', async () => {
    const path = join(folder(), 'wrong.json');
    writeFileSync(path, JSON.stringify({ 'sim-001': { token: 'x' } }));
    await expect(readTokensFile(path)).rejects.toThrow(TokensFileError);
  });
});
