import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { minorText } from '../../db/amount-text';
import type { Database } from '../../db/database';
import { cursorText, isoText } from '../../db/iso-text';
import { escapeLike } from '../../db/like-pattern';
import { named, preparedRead } from '../../db/prepared-read';
import { devices, proxies, walletAccounts } from '../../db/schema';
import type { SortedKeysetCursor } from '../../http/keyset-cursor';
import { isOnlineSql } from '../devices/devices.repository';
import type { WalletListFilter, WalletRecord } from './wallet-record';
import { type ViewFactsRow, viewFactColumns } from './wallet-view-facts.repository';

/** The record's times and amounts, which the page reads as text (ISO times, minor units). */
type TimeFields =
  | 'disabledAt'
  | 'loginStatusChangedAt'
  | 'balanceReadAt'
  | 'credentialsUpdatedAt'
  | 'proxyLastCheckedAt'
  | 'createdAt'
  | 'updatedAt';
export type AmountFields = 'balanceMinor' | 'dailyIncomingAmountMinor' | 'dailyOutgoingAmountMinor';

/**
 * A row of the page: the record's fields (never the sealed credentials) with times as ISO text and
 * amounts as text of minor units, as PostgreSQL writes them, its latest checks as their JSON text
 * (read by `wallet-health.ts`), plus the account's view facts and its sort value for the cursor.
 */
export type WalletPageRow = Omit<
  WalletRecord,
  TimeFields | AmountFields | 'healthLatest' | 'deviceCapabilities' | 'qrPayload' | 'qrReadAt'
> & { healthLatest: string } & {
  [K in TimeFields]: WalletRecord[K] extends Date ? string : string | null;
} & { [K in AmountFields]: string | null } & ViewFactsRow & { sortValue: string };

const pageColumns = {
  id: named<string>('id', walletAccounts.id),
  deviceId: named<string>('deviceId', walletAccounts.deviceId),
  deviceName: named<string>('deviceName', devices.name),
  provider: named<string>('provider', walletAccounts.provider),
  label: named<string>('label', walletAccounts.label),
  accountNumber: named<string>('accountNumber', walletAccounts.accountNumber),
  holderName: named<string>('holderName', walletAccounts.holderName),
  notes: named<string>('notes', walletAccounts.notes),
  status: named<string>('status', walletAccounts.status),
  disabledReason: named<string>('disabledReason', walletAccounts.disabledReason),
  autoDisabledCause: named<unknown>('autoDisabledCause', walletAccounts.autoDisabledCause),
  disabledAt: named<string>('disabledAt', isoText(walletAccounts.disabledAt)),
  loginStatus: named<string>('loginStatus', walletAccounts.loginStatus),
  loginStatusChangedAt: named<string>('loginStatusChangedAt', isoText(walletAccounts.loginStatusChangedAt)),
  balanceMinor: named<string>('balanceMinor', minorText(walletAccounts.balanceMinor)),
  balanceReadAt: named<string>('balanceReadAt', isoText(walletAccounts.balanceReadAt)),
  dailyIncomingAmountMinor: named<string>(
    'dailyIncomingAmountMinor',
    minorText(walletAccounts.dailyIncomingAmountMinor),
  ),
  dailyIncomingCount: named<number>('dailyIncomingCount', walletAccounts.dailyIncomingCount),
  dailyOutgoingAmountMinor: named<string>(
    'dailyOutgoingAmountMinor',
    minorText(walletAccounts.dailyOutgoingAmountMinor),
  ),
  dailyOutgoingCount: named<number>('dailyOutgoingCount', walletAccounts.dailyOutgoingCount),
  settings: named<unknown>('settings', walletAccounts.settings),
  proxyId: named<string>('proxyId', walletAccounts.proxyId),
  credentialFields: named<unknown>('credentialFields', walletAccounts.credentialFields),
  credentialsUpdatedAt: named<string>('credentialsUpdatedAt', isoText(walletAccounts.credentialsUpdatedAt)),
  healthState: named<string>('healthState', walletAccounts.healthState),
  healthLatest: named<string>('healthLatest', sql<string>`${walletAccounts.healthLatest}::text`),
  consecutiveFailures: named<number>('consecutiveFailures', walletAccounts.consecutiveFailures),
  createdAt: named<string>('createdAt', isoText(walletAccounts.createdAt)),
  updatedAt: named<string>('updatedAt', isoText(walletAccounts.updatedAt)),
  deviceIsOnline: named<boolean>('deviceIsOnline', isOnlineSql),
  deviceIsBusy: named<boolean>('deviceIsBusy', devices.isBusy),
  deviceStatus: named<string>('deviceStatus', devices.status),
  proxyType: named<string>('proxyType', proxies.type),
  proxyHost: named<string>('proxyHost', proxies.host),
  proxyPort: named<number>('proxyPort', proxies.port),
  proxyLabel: named<string>('proxyLabel', proxies.label),
  proxyCheckStatus: named<string>('proxyCheckStatus', proxies.checkStatus),
  proxyLastCheckedAt: named<string>('proxyLastCheckedAt', isoText(proxies.lastCheckedAt)),
  today: named<unknown>('today', viewFactColumns.today),
  moved: named<boolean>('moved', viewFactColumns.moved),
};

/** The sort's column as an SQL expression and how its cursor value is cast back. */
const SORT_KEYS = {
  label: { expr: sql`${walletAccounts.label}`, cast: sql`::text`, text: sql<string>`${walletAccounts.label}` },
  createdAt: {
    expr: sql`${walletAccounts.createdAt}`,
    cast: sql`::timestamptz`,
    text: cursorText(walletAccounts.createdAt),
  },
  balance: {
    expr: sql`coalesce(${walletAccounts.balanceMinor}, -1)`,
    cast: sql`::bigint`,
    text: sql<string>`coalesce(${walletAccounts.balanceMinor}, -1)::text`,
  },
} as const;

const FILTERS = ['provider', 'status', 'loginStatus', 'healthState', 'deviceId', 'ids', 'q'] as const;

type PageArgs = [filter: WalletListFilter, limit: number, after?: SortedKeysetCursor];

/** The sort and which filters a request has: one prepared statement per combination. */
const shapeOf = (filter: WalletListFilter, after?: SortedKeysetCursor) =>
  [filter.sort, ...FILTERS.filter((name) => filter[name] !== undefined), after ? 'after' : ''].join(',');

const valuesOf = (filter: WalletListFilter, limit: number, after?: SortedKeysetCursor) => ({
  provider: filter.provider,
  status: filter.status,
  loginStatus: filter.loginStatus,
  healthState: filter.healthState,
  deviceId: filter.deviceId,
  ids: filter.ids,
  pattern: filter.q ? `%${escapeLike(filter.q)}%` : undefined,
  afterValue: after?.value,
  afterId: after?.id,
  limit: limit + 1,
});

/**
 * The dashboard's keyset page, one prepared statement per sort and filter shape, read straight
 * from the driver (`preparedRead`): one round trip, every row already in the form its answer writes.
 */
export function createWalletsPageRead(db: Database) {
  function pageQuery(shape: string) {
    const [sort = 'label', ...names] = shape.split(',');
    const has = new Set(names);
    const descending = sort.startsWith('-');
    const key = SORT_KEYS[sort.replace('-', '') as keyof typeof SORT_KEYS];
    const placeholder = sql.placeholder;
    const pattern = placeholder('pattern');
    const afterKey = sql`(${placeholder('afterValue')}${key.cast}, ${placeholder('afterId')}::uuid)`;
    return db
      .select({ ...pageColumns, sortValue: named<string>('sortValue', key.text) })
      .from(walletAccounts)
      .innerJoin(devices, eq(devices.id, walletAccounts.deviceId))
      .leftJoin(proxies, eq(proxies.id, walletAccounts.proxyId))
      .where(
        and(
          has.has('provider') ? eq(walletAccounts.provider, placeholder('provider')) : undefined,
          has.has('status') ? eq(walletAccounts.status, placeholder('status')) : undefined,
          has.has('loginStatus') ? eq(walletAccounts.loginStatus, placeholder('loginStatus')) : undefined,
          has.has('healthState') ? eq(walletAccounts.healthState, placeholder('healthState')) : undefined,
          has.has('deviceId') ? eq(walletAccounts.deviceId, placeholder('deviceId')) : undefined,
          has.has('ids') ? sql`${walletAccounts.id} = any(${placeholder('ids')}::uuid[])` : undefined,
          has.has('q')
            ? (or(
                ilike(walletAccounts.label, pattern),
                ilike(walletAccounts.accountNumber, pattern),
                ilike(walletAccounts.holderName, pattern),
                ilike(devices.name, pattern),
              ) as SQL)
            : undefined,
          has.has('after')
            ? descending
              ? sql`(${key.expr}, ${walletAccounts.id}) < ${afterKey}`
              : sql`(${key.expr}, ${walletAccounts.id}) > ${afterKey}`
            : undefined,
        ),
      )
      .orderBy(
        descending ? sql`${key.expr} desc` : sql`${key.expr} asc`,
        descending ? sql`${walletAccounts.id} desc` : sql`${walletAccounts.id} asc`,
      )
      .limit(placeholder('limit'));
  }
  const readPage = preparedRead<PageArgs, WalletPageRow>(db, pageQuery, (filter, limit, after) => [
    shapeOf(filter, after),
    valuesOf(filter, limit, after),
  ]);

  return {
    /** A keyset page (limit + 1 rows), each row with its sort value as text for the cursor. */
    page: readPage,

    /** The page's SQL and values, for the test that checks its plan (an ordered index walk, no sort). */
    pageSql: readPage.sqlOf,
  };
}
