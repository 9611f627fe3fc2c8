import { join, resolve } from 'node:path';
import { emailSchema } from '@gerbang/contract';
import { type Config, ConfigError, parseConfig, resolveConfig } from '../config';
import { createSecretBox } from '../crypto/secret-box';
import { lockDataDir } from '../db/data-dir-lock';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { createAuditRepository } from '../modules/audit/audit.repository';
import { createAccountLinks } from '../modules/auth/account-links.service';
import { createAdmin, DEFAULT_ADMIN_NAME, EmailTakenError } from '../modules/users/create-admin';
import { loadOrCreateSecrets } from '../secrets';
import { resealSecrets } from './reseal-secrets';

/**
 * `npm run admin -- create <email> [name]`: creates an Admin with no password and prints its
 * activation link. `npm run admin -- reseal`: seals every secret sealed with a retired encryption
 * key again with the current one (docs/operations.md, key rotation). Reads the same settings as the server; on the embedded database it refuses to
 * run while a server holds DATA_DIR (PGlite allows one process per folder).
 */
const USAGE = 'Usage: npm run admin -- create <email> [name]  |  npm run admin -- reseal';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

async function main() {
  const [command, rawEmail, ...nameParts] = process.argv.slice(2);
  if (!(command === 'create' && rawEmail) && command !== 'reseal') fail(USAGE, 2);
  const email = emailSchema.safeParse(rawEmail);
  if (command === 'create' && !email.success) fail(`Not a valid email address: ${rawEmail}`, 2);
  const name = nameParts.join(' ').trim() || DEFAULT_ADMIN_NAME;

  let releaseLock = () => {};
  let database: DatabaseHandle;
  let config: Config;
  try {
    const raw = parseConfig(process.env);
    if (raw.DATABASE_URL) {
      config = resolveConfig(raw, { JWT_SECRET: '', ENCRYPTION_KEY: '' });
      database = await openDatabase({ kind: 'postgres', url: raw.DATABASE_URL, poolSize: 1 });
    } else {
      const dataDir = resolve(raw.DATA_DIR);
      releaseLock = lockDataDir(dataDir);
      config = resolveConfig(raw, loadOrCreateSecrets(dataDir));
      database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    }
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : `Cannot open the database: ${(error as Error).message}`);
  }

  try {
    await database.migrate();
    if (command === 'reseal') {
      for (const result of await resealSecrets(database.db, createSecretBox(config.ENCRYPTION_KEYS))) {
        console.log(
          `${result.name}: ${result.resealed} sealed again, ${result.current} already current${result.unreadable ? `, ${result.unreadable} opened by no configured key` : ''}`,
        );
        if (result.unreadable) process.exitCode = 1;
      }
      return;
    }
    if (!email.success) return;
    // Links are only issued here, never mailed: the link is printed for whoever runs the command.
    const mailer = { async send() {}, close() {} };
    const link = await createAdmin(
      {
        db: database.db,
        audit: createAuditRepository(database.db),
        accountLinks: createAccountLinks({ db: database.db, mailer, config }),
      },
      email.data,
      name,
    );
    console.log(`Admin ${email.data} created; activate within 24 hours: ${link}`);
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof EmailTakenError ? error.message : `Failed: ${(error as Error).message}`);
  } finally {
    await database.close();
    releaseLock();
  }
}

void main();
