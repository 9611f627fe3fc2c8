import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

/** The simulator's device tokens, by device name. The file holds secrets: it is written 0600. */
export const tokensFileSchema = z.record(
  z.string().min(1),
  z.object({ id: z.string().min(1), token: z.string().min(1) }),
);
export type DeviceTokens = z.infer<typeof tokensFileSchema>;

export const DEFAULT_TOKENS_FILE = './data/simulator-devices.json';

export class TokensFileError extends Error {}

/** Reads the tokens file; a missing file is an empty one, an unreadable or malformed one an error. */
export async function readTokensFile(path: string): Promise<DeviceTokens> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new TokensFileError(`Cannot read the tokens file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TokensFileError(`The tokens file ${path} is not valid JSON.`);
  }
  const parsed = tokensFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new TokensFileError(
      `The tokens file ${path} should map device names to {"id", "token"}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

/**
 * Writes the tokens file atomically (a temporary file renamed over it) with mode 0600, creating
 * its folder; an existing file that was readable by others is tightened too.
 */
export async function writeTokensFile(path: string, tokens: DeviceTokens): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}
