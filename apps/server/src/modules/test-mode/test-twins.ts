import { sql } from 'drizzle-orm';
import type { SecretBox } from '../../crypto/secret-box';
import type { Database } from '../../db/database';
import { sqlRows } from '../../db/sql-rows';
import { newWebhookSecret, WEBHOOK_SECRET_CONTEXT } from '../merchants/merchants.service';
import { followedTerms } from './test-twin-terms';

/**
 * A merchant's test twin ends its live code with this: "~" is never in a live code, so the two
 * cannot collide.
 */
export const TEST_TWIN_CODE_SUFFIX = '~TEST';

/**
 * Test mode's merchant (docs/test-mode.md): a twin of the live merchant (merchants.live_merchant_id)
 * that owns everything test mode makes. Whatever is scoped by merchant (sessions, balances, tokens,
 * webhooks, logs, statements) is then kept apart from live data by the scope it already has.
 */
export function createTestTwins(db: Database, secretBox: SecretBox) {
  // A twin's id never changes once made: each instance remembers the ones it read.
  const known = new Map<string, string>();

  async function existing(liveMerchantId: string): Promise<string | null> {
    const [row] = await sqlRows<{ id: string }>(
      db,
      sql`select id from merchants where live_merchant_id = ${liveMerchantId}::uuid`,
    );
    return row?.id ?? null;
  }

  return {
    /** The twin of a live merchant if it has one (a read: nothing is made). */
    async existingTwinOf(liveMerchantId: string): Promise<string | null> {
      return known.get(liveMerchantId) ?? (await existing(liveMerchantId));
    },

    /** The twin of a live merchant, made on first use (once, under any concurrency: a unique index). */
    async twinOf(liveMerchantId: string): Promise<string> {
      const cached = known.get(liveMerchantId);
      if (cached) return cached;
      let id = await existing(liveMerchantId);
      if (!id) {
        const sealed = secretBox.encrypt(newWebhookSecret(), WEBHOOK_SECRET_CONTEXT);
        await db.execute(sql`
          insert into merchants (code, currency, webhook_secret_encrypted, live_merchant_id, ${followedTerms})
          select code || ${TEST_TWIN_CODE_SUFFIX}, currency, ${sealed}, id, ${followedTerms}
          from merchants where id = ${liveMerchantId}::uuid and live_merchant_id is null
          on conflict do nothing`);
        id = await existing(liveMerchantId);
      }
      if (!id) throw new Error(`merchant ${liveMerchantId} has no test twin and cannot have one`);
      known.set(liveMerchantId, id);
      return id;
    },
  };
}
export type TestTwins = ReturnType<typeof createTestTwins>;
