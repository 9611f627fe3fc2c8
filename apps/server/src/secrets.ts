import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECRETS_FILE = 'secrets.json';

type Secrets = { JWT_SECRET: string; ENCRYPTION_KEY: string };

/**
 * For the embedded default only: secrets that are not set in the environment are generated on
 * first run and kept in DATA_DIR (mode 0600), so restarts keep sessions and encrypted data valid.
 * DATA_DIR is git-ignored; nothing secret enters the repository.
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = join(dataDir, SECRETS_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets: Secrets = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}
