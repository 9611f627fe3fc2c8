import { type SQL, sql } from 'drizzle-orm';
import type { SecretBox } from '../crypto/secret-box';
import type { Database } from '../db/database';
import { merchants, proxies, walletAccounts } from '../db/schema';
import { WEBHOOK_SECRET_CONTEXT } from '../modules/merchants/merchants.service';
import { PROXY_PASSWORD_CONTEXT } from '../modules/proxies/proxy-endpoint';
import { CREDENTIALS_CONTEXT } from '../modules/wallets/wallets.service';

/** Every sealed column, with the context its values are bound to. */
const SEALED_COLUMNS = [
  {
    name: 'proxy passwords',
    table: proxies,
    column: proxies.passwordEncrypted,
    id: proxies.id,
    context: PROXY_PASSWORD_CONTEXT,
  },
  {
    name: 'wallet credentials',
    table: walletAccounts,
    column: walletAccounts.credentialsEncrypted,
    id: walletAccounts.id,
    context: CREDENTIALS_CONTEXT,
  },
  {
    name: 'webhook secrets',
    table: merchants,
    column: merchants.webhookSecretEncrypted,
    id: merchants.id,
    context: WEBHOOK_SECRET_CONTEXT,
  },
  {
    name: 'previous webhook secrets',
    table: merchants,
    column: merchants.previousWebhookSecretEncrypted,
    id: merchants.id,
    context: WEBHOOK_SECRET_CONTEXT,
  },
] as const;

/**
 * Seals again, with the current key, every value sealed with a retired one (`npm run admin --
 * reseal`, the last step of a key rotation). Each value is replaced only if it is still the one
 * read (a concurrent change wins); a value no key opens is reported, never overwritten.
 */
export async function resealSecrets(
  db: Database,
  box: SecretBox,
): Promise<{ name: string; resealed: number; current: number; unreadable: number }[]> {
  const results = [];
  for (const sealed of SEALED_COLUMNS) {
    const rows = (await db
      .select({ id: sealed.id, value: sealed.column })
      .from(sealed.table as never)
      .where(sql`${sealed.column} is not null`)) as { id: string; value: string }[];
    let resealed = 0;
    let unreadable = 0;
    for (const row of rows) {
      if (!box.needsReencrypting(row.value)) continue;
      let plain: string;
      try {
        plain = box.decrypt(row.value, sealed.context);
      } catch {
        unreadable += 1;
        continue;
      }
      const same: SQL = sql`${sealed.id} = ${row.id} and ${sealed.column} = ${row.value}`;
      await db.execute(
        sql`update ${sealed.table} set ${sql.identifier(sealed.column.name)} = ${box.encrypt(plain, sealed.context)} where ${same}`,
      );
      resealed += 1;
    }
    results.push({ name: sealed.name, resealed, current: rows.length - resealed - unreadable, unreadable });
  }
  return results;
}
