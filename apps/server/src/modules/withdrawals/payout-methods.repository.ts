import type { PayoutMethodStatus } from '@gerbang/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { payoutMethods } from '../../db/schema';

export type PayoutMethodRecord = typeof payoutMethods.$inferSelect;
export type NewPayoutMethod = typeof payoutMethods.$inferInsert;

export function createPayoutMethodsRepository(db: Database) {
  const live = (merchantId: string) => and(eq(payoutMethods.merchantId, merchantId), isNull(payoutMethods.deletedAt));
  return {
    async list(merchantId: string): Promise<PayoutMethodRecord[]> {
      return db.select().from(payoutMethods).where(live(merchantId)).orderBy(asc(payoutMethods.createdAt));
    },

    async count(merchantId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(payoutMethods).where(live(merchantId));
      return row?.n ?? 0;
    },

    /** A merchant's method that was not removed (merchantId undefined: any merchant's). */
    async find(id: string, merchantId?: string): Promise<PayoutMethodRecord | null> {
      const [row] = await db
        .select()
        .from(payoutMethods)
        .where(
          and(
            eq(payoutMethods.id, id),
            isNull(payoutMethods.deletedAt),
            merchantId ? eq(payoutMethods.merchantId, merchantId) : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** null: the merchant already has this destination. */
    async insert(fields: NewPayoutMethod): Promise<PayoutMethodRecord | null> {
      const [row] = await db.insert(payoutMethods).values(fields).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Guarded by the status it must have now. */
    async setStatus(
      id: string,
      from: readonly PayoutMethodStatus[],
      changes: Partial<
        Pick<PayoutMethodRecord, 'status' | 'verifiedHolderName' | 'nameScore' | 'failureReason' | 'verifiedAt'>
      >,
    ): Promise<PayoutMethodRecord | null> {
      const [row] = await db
        .update(payoutMethods)
        .set(changes)
        .where(and(eq(payoutMethods.id, id), isNull(payoutMethods.deletedAt), inArray(payoutMethods.status, [...from])))
        .returning();
      return row ?? null;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db
        .update(payoutMethods)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(payoutMethods.id, id), isNull(payoutMethods.deletedAt)))
        .returning({ id: payoutMethods.id });
      return rows.length > 0;
    },
  };
}
export type PayoutMethodsRepository = ReturnType<typeof createPayoutMethodsRepository>;
