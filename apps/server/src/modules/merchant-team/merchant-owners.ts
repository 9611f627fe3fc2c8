import { ROLE } from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';

/** The e-mail addresses of a merchant's active owners: who is told what concerns the merchant. */
export async function merchantOwnerEmails(db: Database, merchantId: string): Promise<string[]> {
  const owners = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.merchantId, merchantId),
        eq(users.roleId, ROLE.Merchant),
        eq(users.merchantRole, 'owner'),
        eq(users.status, 'active'),
      ),
    );
  return owners.map((owner) => owner.email);
}
