import type { Merchant, MerchantStatus } from '@gerbang/contract';
import { and, eq, gt, ilike, isNull, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { amountText, percentText } from '../../db/amount-text';
import type { Database } from '../../db/database';
import { isoText } from '../../db/iso-text';
import { escapeLike } from '../../db/like-pattern';
import { named, preparedRead } from '../../db/prepared-read';
import { merchants } from '../../db/schema';
import type { SortedKeysetCursor } from '../../http/keyset-cursor';
import { followLiveTerms } from '../test-mode/test-twin-terms';

export type MerchantRecord = typeof merchants.$inferSelect;
export type NewMerchantRecord = Omit<typeof merchants.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
export type MerchantChanges = Partial<Omit<NewMerchantRecord, 'code' | 'currency'>>;
export type ListMerchantsFilter = { q?: string; status?: MerchantStatus };

/** The one order of the list: by name, ties by id; the cursor carries both. */
export const MERCHANT_LIST_SORT = 'name';

/**
 * A row of the list's page as PostgreSQL writes it: the merchant's answer itself (fees and
 * amounts formatted, times as ISO text, whether a webhook secret is set: the sealed secret is not
 * even read) and the name again as the cursor's sort value.
 */
export type MerchantPageRow = Merchant & { sortValue: string };

/** A text[] as JSON: the driver reads it with JSON.parse instead of its array-literal parser (measured faster). */
const jsonArray = (column: SQLWrapper) => sql<string[]>`to_json(${column})`;

const pageColumns = {
  id: named<string>('id', merchants.id),
  name: named<string>('name', merchants.name),
  code: named<string>('code', merchants.code),
  currency: named<string>('currency', merchants.currency),
  status: named<string>('status', merchants.status),
  depositFeePercent: named<string>('depositFeePercent', percentText(merchants.depositFeeBasisPoints)),
  depositFeeFixed: named<string>('depositFeeFixed', amountText(merchants.depositFeeFixedMinor, merchants.currency)),
  withdrawalFeePercent: named<string>('withdrawalFeePercent', percentText(merchants.withdrawalFeeBasisPoints)),
  withdrawalFeeFixed: named<string>(
    'withdrawalFeeFixed',
    amountText(merchants.withdrawalFeeFixedMinor, merchants.currency),
  ),
  minAmount: named<string>('minAmount', amountText(merchants.minAmountMinor, merchants.currency)),
  maxAmount: named<string>('maxAmount', amountText(merchants.maxAmountMinor, merchants.currency)),
  allowedMethods: named<string[]>('allowedMethods', jsonArray(merchants.allowedMethods)),
  callbackUrl: named<string>('callbackUrl', merchants.callbackUrl),
  hasWebhookSecret: named<boolean>('hasWebhookSecret', sql`${merchants.webhookSecretEncrypted} <> ''`),
  embedOrigins: named<string[]>('embedOrigins', jsonArray(merchants.embedOrigins)),
  paymentTimeLimitMinutes: named<number>('paymentTimeLimitMinutes', merchants.paymentTimeLimitMinutes),
  paymentLinksEnabled: named<boolean>('paymentLinksEnabled', merchants.paymentLinksEnabled),
  payoutNamePolicy: named<string>('payoutNamePolicy', merchants.payoutNamePolicy),
  createdAt: named<string>('createdAt', isoText(merchants.createdAt)),
  updatedAt: named<string>('updatedAt', isoText(merchants.updatedAt)),
  sortValue: named<string>('sortValue', merchants.name),
};

type PageArgs = [filter: ListMerchantsFilter, limit: number, after?: SortedKeysetCursor];

/** Which filters a list request has: one prepared statement per combination. */
const shapeOf = (filter: ListMerchantsFilter, after?: SortedKeysetCursor) =>
  [filter.status ? 'status' : '', filter.q ? 'q' : '', after ? 'after' : ''].join(',');

const valuesOf = (filter: ListMerchantsFilter, limit: number, after?: SortedKeysetCursor) => ({
  status: filter.status,
  pattern: filter.q ? `%${escapeLike(filter.q)}%` : undefined,
  afterName: after?.value,
  afterId: after?.id,
  limit: limit + 1,
});

export function createMerchantsRepository(db: Database) {
  let byId: ReturnType<typeof prepareById> | undefined;
  const prepareById = () =>
    db
      .select()
      .from(merchants)
      .where(eq(merchants.id, sql.placeholder('id')))
      .limit(1)
      .prepare('merchant_by_id');
  /** By name, ties by id (merchants_name_id_idx), a prepared statement per filter shape. */
  function pageQuery(shape: string) {
    const has = new Set(shape.split(','));
    const placeholder = sql.placeholder;
    const pattern = placeholder('pattern');
    const afterName = placeholder('afterName');
    return db
      .select(pageColumns)
      .from(merchants)
      .where(
        and(
          // Test twins are test mode's, not merchants of their own (docs/test-mode.md).
          isNull(merchants.liveMerchantId),
          has.has('status') ? eq(merchants.status, placeholder('status')) : undefined,
          has.has('q') ? (or(ilike(merchants.name, pattern), ilike(merchants.code, pattern)) as SQL) : undefined,
          has.has('after')
            ? or(
                gt(merchants.name, afterName),
                and(eq(merchants.name, afterName), gt(merchants.id, placeholder('afterId'))),
              )
            : undefined,
        ),
      )
      .orderBy(sql`${merchants.name} asc`, sql`${merchants.id} asc`)
      .limit(placeholder('limit'));
  }
  const readPage = preparedRead<PageArgs, MerchantPageRow>(db, pageQuery, (filter, limit, after) => [
    shapeOf(filter, after),
    valuesOf(filter, limit, after),
  ]);

  return {
    /** A keyset page (limit + 1 rows), each row with its sort value for the cursor. */
    page: readPage,

    /** The page's SQL and values, for the test that checks its plan. */
    pageSql: readPage.sqlOf,

    /** Read by every merchant API call that opens a payment: a named statement, built once. */
    async findById(id: string): Promise<MerchantRecord | null> {
      byId ??= prepareById();
      const rows = await byId.execute({ id });
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
      // The test twin follows in the same transaction: never a live merchant suspended while its
      // test mode still takes payments.
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(merchants)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(merchants.id, id))
          .returning();
        if (rows[0] && !rows[0].liveMerchantId) await followLiveTerms(tx, id);
        return rows[0] ?? null;
      });
    },

    /**
     * A new signing secret; the current one keeps signing until `keepPreviousUntil` (copied in the
     * same statement), or stops now. Keeping is done only while no earlier secret still signs (null
     * then, so a receiver still on that one is never cut off by a second rotation).
     */
    async rotateWebhookSecret(
      id: string,
      sealed: string,
      keepPreviousUntil: Date | null,
    ): Promise<MerchantRecord | null> {
      const rows = await db
        .update(merchants)
        .set({
          webhookSecretEncrypted: sealed,
          previousWebhookSecretEncrypted: keepPreviousUntil ? sql`${merchants.webhookSecretEncrypted}` : null,
          previousWebhookSecretExpiresAt: keepPreviousUntil,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(merchants.id, id),
            keepPreviousUntil
              ? or(
                  isNull(merchants.previousWebhookSecretExpiresAt),
                  lte(merchants.previousWebhookSecretExpiresAt, sql`now()`),
                )
              : undefined,
          ),
        )
        .returning();
      return rows[0] ?? null;
    },

    /** A guarded transition: null when the merchant is not in `from` (already there, or gone). */
    async setStatus(id: string, from: MerchantStatus, to: MerchantStatus): Promise<MerchantRecord | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(merchants)
          .set({ status: to, updatedAt: sql`now()` })
          .where(and(eq(merchants.id, id), eq(merchants.status, from)))
          .returning();
        if (rows[0] && !rows[0].liveMerchantId) await followLiveTerms(tx, id);
        return rows[0] ?? null;
      });
    },
  };
}
export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;
