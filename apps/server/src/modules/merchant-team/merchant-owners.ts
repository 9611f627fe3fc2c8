import { ROLE } from '@gerbang/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { merchants, users } from '../../db/schema';

/**
 * The e-mail addresses of a merchant's active owners: who is told what concerns the merchant. A
 * test twin's (test mode) are its live merchant's: the same people run both.
 */
export async function merchantOwnerEmails(db: Database, merchantId: string): Promise<string[]> {
  const live = sql`coalesce((select ${merchants.liveMerchantId} from ${merchants} where ${merchants.id} = ${merchantId}), ${merchantId}::uuid)`;
  const owners = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.merchantId, live),
        eq(users.roleId, ROLE.Merchant),
        eq(users.merchantRole, 'owner'),
        eq(users.status, 'active'),
      ),
    );
  return owners.map((owner) => owner.email);
}
