import type { MerchantStatus } from '@gerbang/contract';
import { and, asc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { escapeLike } from '../../db/like-pattern';
import { merchants } from '../../db/schema';
import type { SortedKeysetCursor } from '../../http/keyset-cursor';

export type MerchantRecord = typeof merchants.$inferSelect;
export type NewMerchantRecord = Omit<typeof merchants.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
export type MerchantChanges = Partial<Omit<NewMerchantRecord, 'code' | 'currency'>>;
export type ListMerchantsFilter = { q?: string; status?: MerchantStatus };

/** The one order of the list: by name, ties by id; the cursor carries both. */
export const MERCHANT_LIST_SORT = 'name';

export function createMerchantsRepository(db: Database) {
  return {
    async page(filter: ListMerchantsFilter, limit: number, after?: SortedKeysetCursor) {
      const where: (SQL | undefined)[] = [];
      if (filter.status) where.push(eq(merchants.status, filter.status));
      if (filter.q) {
        const pattern = `%${escapeLike(filter.q)}%`;
        where.push(or(ilike(merchants.name, pattern), ilike(merchants.code, pattern)));
      }
      if (after) {
        where.push(
          or(gt(merchants.name, after.value), and(eq(merchants.name, after.value), gt(merchants.id, after.id))),
        );
      }
      const rows = await db
        .select()
        .from(merchants)
        .where(and(...where))
        .orderBy(asc(merchants.name), asc(merchants.id))
        .limit(limit + 1);
      return rows.map((row) => ({ ...row, sortValue: row.name }));
    },

    async findById(id: string): Promise<MerchantRecord | null> {
      const rows = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findByCode(code: string): Promise<MerchantRecord | null> {
      const rows = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
      return rows[0] ?? null;
    },

    /** null when the code is taken (unique index), so two concurrent creations cannot both win. */
    async insert(fields: NewMerchantRecord): Promise<MerchantRecord | null> {
      const rows = await db.insert(merchants).values(fields).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    async update(id: string, changes: MerchantChanges): Promise<MerchantRecord | null> {
      const rows = await db
        .update(merchants)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(merchants.id, id))
        .returning();
      return rows[0] ?? null;
    },

    /** A guarded transition: null when the merchant is not in `from` (already there, or gone). */
    async setStatus(id: string, from: MerchantStatus, to: MerchantStatus): Promise<MerchantRecord | null> {
      const rows = await db
        .update(merchants)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(merchants.id, id), eq(merchants.status, from)))
        .returning();
      return rows[0] ?? null;
    },
  };
}
export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;
