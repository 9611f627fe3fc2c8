import type { Currency, WalletProvider, WithdrawalStatus } from '@gerbang/contract';
import { and, eq, sql } from 'drizzle-orm';
import { minorText } from '../../db/amount-text';
import type { Database } from '../../db/database';
import { cursorText, isoText } from '../../db/iso-text';
import { named, preparedRead } from '../../db/prepared-read';
import { merchants, walletAccounts, withdrawals } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';
import type { ListWithdrawalsFilter, WithdrawalRecord } from './withdrawal-record';

/**
 * A row of a withdrawal list's page as PostgreSQL writes it: what the answers show of a
 * withdrawal (amounts as text of minor units, times as ISO text), its merchant's name, the
 * sending account's facts and the row's cursor time. Nothing else of the row is read.
 */
export type WithdrawalPageRow = {
  id: string;
  kind: WithdrawalRecord['kind'];
  merchantId: string | null;
  referenceNumber: string;
  currency: Currency;
  amountMinor: string;
  feeMinor: string;
  status: WithdrawalStatus;
  destProvider: string;
  destAccountNumber: string;
  destHolderName: string;
  verifiedHolderName: string | null;
  nameScore: number | null;
  payoutMethodId: string | null;
  paymentSessionId: string | null;
  returnedTransferId: string | null;
  note: string;
  failureReason: string | null;
  transferReference: string | null;
  createdByUserId: string | null;
  lastChangedByUserId: string | null;
  approvedByUserId: string | null;
  expiresAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  livemode: boolean;
  /** null for a return (it belongs to no merchant). */
  merchantName: string | null;
  accountId: string | null;
  accountProvider: WalletProvider | null;
  accountNumber: string | null;
  accountName: string | null;
  cursorAt: string;
};

const pageColumns = {
  id: named<string>('id', withdrawals.id),
  kind: named<string>('kind', withdrawals.kind),
  merchantId: named<string>('merchantId', withdrawals.merchantId),
  referenceNumber: named<string>('referenceNumber', withdrawals.referenceNumber),
  currency: named<string>('currency', withdrawals.currency),
  amountMinor: named<string>('amountMinor', minorText(withdrawals.amountMinor)),
  feeMinor: named<string>('feeMinor', minorText(withdrawals.feeMinor)),
  status: named<string>('status', withdrawals.status),
  destProvider: named<string>('destProvider', withdrawals.destProvider),
  destAccountNumber: named<string>('destAccountNumber', withdrawals.destAccountNumber),
  destHolderName: named<string>('destHolderName', withdrawals.destHolderName),
  verifiedHolderName: named<string>('verifiedHolderName', withdrawals.verifiedHolderName),
  nameScore: named<number>('nameScore', withdrawals.nameScore),
  payoutMethodId: named<string>('payoutMethodId', withdrawals.payoutMethodId),
  paymentSessionId: named<string>('paymentSessionId', withdrawals.paymentSessionId),
  returnedTransferId: named<string>('returnedTransferId', withdrawals.returnedTransferId),
  note: named<string>('note', withdrawals.note),
  failureReason: named<string>('failureReason', withdrawals.failureReason),
  transferReference: named<string>('transferReference', withdrawals.transferReference),
  createdByUserId: named<string>('createdByUserId', withdrawals.createdByUserId),
  lastChangedByUserId: named<string>('lastChangedByUserId', withdrawals.lastChangedByUserId),
  approvedByUserId: named<string>('approvedByUserId', withdrawals.approvedByUserId),
  expiresAt: named<string>('expiresAt', isoText(withdrawals.expiresAt)),
  completedAt: named<string>('completedAt', isoText(withdrawals.completedAt)),
  createdAt: named<string>('createdAt', isoText(withdrawals.createdAt)),
  updatedAt: named<string>('updatedAt', isoText(withdrawals.updatedAt)),
  livemode: named<boolean>('livemode', withdrawals.livemode),
  merchantName: named<string>('merchantName', merchants.name),
  accountId: named<string>('accountId', walletAccounts.id),
  accountProvider: named<string>('accountProvider', walletAccounts.provider),
  accountNumber: named<string>('accountNumber', walletAccounts.accountNumber),
  accountName: named<string>('accountName', walletAccounts.holderName),
  cursorAt: named<string>('cursorAt', cursorText(withdrawals.createdAt)),
};

type PageArgs = [filter: ListWithdrawalsFilter, limit: number, after?: KeysetCursor];

/** Which filters a list request has: one prepared statement per combination. */
const shapeOf = (filter: ListWithdrawalsFilter, after?: KeysetCursor) =>
  [
    filter.merchantId ? 'merchant' : '',
    filter.status ? 'status' : '',
    filter.kind ? 'kind' : '',
    filter.livemode === undefined ? '' : filter.livemode ? 'live' : 'test',
    after ? 'after' : '',
  ].join(',');

const valuesOf = (filter: ListWithdrawalsFilter, limit: number, after?: KeysetCursor) => ({
  merchantId: filter.merchantId,
  status: filter.status,
  kind: filter.kind,
  afterAt: after?.at,
  afterId: after?.id,
  limit: limit + 1,
});

/**
 * The withdrawal lists' keyset page (operators' settlements and payouts, a merchant's customer
 * withdrawals), newest first along the (…, created_at, id) indexes, read straight from the driver
 * (`preparedRead`): one round trip, every row already in the form its answer writes.
 */
export function createWithdrawalsPageRead(db: Database) {
  function pageQuery(shape: string) {
    const has = new Set(shape.split(','));
    const placeholder = sql.placeholder;
    return (
      db
        .select(pageColumns)
        .from(withdrawals)
        .leftJoin(merchants, eq(merchants.id, withdrawals.merchantId))
        .leftJoin(walletAccounts, eq(walletAccounts.id, withdrawals.walletAccountId))
        .where(
          and(
            has.has('merchant') ? eq(withdrawals.merchantId, placeholder('merchantId')) : undefined,
            has.has('status') ? eq(withdrawals.status, placeholder('status')) : undefined,
            has.has('kind') ? eq(withdrawals.kind, placeholder('kind')) : undefined,
            // Written out, not a placeholder: test mode's list reads its own partial index (where not livemode).
            has.has('live') ? sql`${withdrawals.livemode}` : undefined,
            has.has('test') ? sql`not ${withdrawals.livemode}` : undefined,
            has.has('after')
              ? sql`(${withdrawals.createdAt}, ${withdrawals.id}) < (${placeholder('afterAt')}::timestamptz, ${placeholder('afterId')}::uuid)`
              : undefined,
          ),
        )
        // NULLS LAST as the indexes have it (drizzle's default): a plain DESC would sort every row.
        .orderBy(sql`${withdrawals.createdAt} desc nulls last`, sql`${withdrawals.id} desc nulls last`)
        .limit(placeholder('limit'))
    );
  }
  const readPage = preparedRead<PageArgs, WithdrawalPageRow>(db, pageQuery, (filter, limit, after) => [
    shapeOf(filter, after),
    valuesOf(filter, limit, after),
  ]);

  return {
    /** A keyset page (limit + 1 rows). */
    page: readPage,

    /** The page's SQL and values, for the test that checks its plan. */
    pageSql: readPage.sqlOf,
  };
}
