import { PROVIDER_TIME_ZONES, WALLET_COMMAND_CHECKS, type WalletProvider } from '@gerbang/contract';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { isoText } from '../../db/iso-text';
import { devices, proxies, walletAccounts, walletDailyTotals, walletTransactions } from '../../db/schema';
import { sqlArray } from '../../db/sql-array';
import { isOnlineSql } from '../devices/devices.repository';
import type { NewWalletRecord, WalletChanges, WalletRecord } from './wallet-record';
import type { TodayTotals } from './wallet-view-facts.repository';
import { createWalletsPageRead } from './wallets-page.repository';

const { credentialsEncrypted: _secret, ...publicColumns } = getTableColumns(walletAccounts);

/** An account with what the views need of its phone and proxy; never its sealed credentials. */
const recordColumns = {
  ...publicColumns,
  deviceName: devices.name,
  deviceIsOnline: isOnlineSql.as('device_is_online'),
  deviceIsBusy: devices.isBusy,
  deviceStatus: devices.status,
  deviceCapabilities: devices.capabilities,
  proxyType: proxies.type,
  proxyHost: proxies.host,
  proxyPort: proxies.port,
  proxyLabel: proxies.label,
  proxyCheckStatus: proxies.checkStatus,
  proxyLastCheckedAt: proxies.lastCheckedAt,
};

const latestCheckTypes = sql.raw(WALLET_COMMAND_CHECKS.map((type) => `('${type}')`).join(', '));

export function createWalletsRepository(db: Database) {
  const selectRecords = () =>
    db
      .select(recordColumns)
      .from(walletAccounts)
      .innerJoin(devices, eq(devices.id, walletAccounts.deviceId))
      .leftJoin(proxies, eq(proxies.id, walletAccounts.proxyId));

  async function findById(id: string): Promise<WalletRecord | null> {
    const rows = await selectRecords().where(eq(walletAccounts.id, id)).limit(1);
    return (rows[0] as WalletRecord | undefined) ?? null;
  }

  return {
    findById,

    async findManyById(ids: string[]): Promise<WalletRecord[]> {
      if (ids.length === 0) return [];
      return (await selectRecords().where(inArray(walletAccounts.id, ids))) as WalletRecord[];
    },

    ...createWalletsPageRead(db),

    /**
     * What the dashboard's summary needs of every account of a provider (hundreds, not millions):
     * the readiness facts and the balance, and nothing else, so a thousand accounts stay cheap.
     * `extra`: further columns a caller needs of each account, in the same statement (routing a
     * payment session reads where each account can be paid and how many sessions wait on it).
     */
    async summaryFactsOf<Extra extends Record<string, SQL.Aliased> = Record<never, SQL.Aliased>>(
      provider: WalletProvider,
      extra?: Extra,
    ) {
      // Today's totals ride along (two primary-key probes per account): one statement, not two.
      const todayIn = alias(walletDailyTotals, 'today_in');
      const todayOut = alias(walletDailyTotals, 'today_out');
      // One provider, one time zone: today is a constant the planner can probe the key with.
      const today = sql`(now() at time zone ${PROVIDER_TIME_ZONES[provider]})::date`;
      const columns = {
        id: walletAccounts.id,
        provider: walletAccounts.provider,
        status: walletAccounts.status,
        loginStatus: walletAccounts.loginStatus,
        healthState: walletAccounts.healthState,
        settings: walletAccounts.settings,
        balanceMinor: walletAccounts.balanceMinor,
        dailyIncomingAmountMinor: walletAccounts.dailyIncomingAmountMinor,
        dailyIncomingCount: walletAccounts.dailyIncomingCount,
        dailyOutgoingAmountMinor: walletAccounts.dailyOutgoingAmountMinor,
        dailyOutgoingCount: walletAccounts.dailyOutgoingCount,
        deviceIsOnline: isOnlineSql,
        deviceIsBusy: devices.isBusy,
        deviceStatus: devices.status,
        inAmount: todayIn.amountMinor,
        inCount: todayIn.count,
        outAmount: todayOut.amountMinor,
        outCount: todayOut.count,
      };
      const rows = await db
        .select({ ...columns, ...extra } as typeof columns)
        .from(walletAccounts)
        .innerJoin(devices, eq(devices.id, walletAccounts.deviceId))
        .leftJoin(
          todayIn,
          and(eq(todayIn.accountId, walletAccounts.id), eq(todayIn.direction, 'in'), sql`${todayIn.day} = ${today}`),
        )
        .leftJoin(
          todayOut,
          and(
            eq(todayOut.accountId, walletAccounts.id),
            eq(todayOut.direction, 'out'),
            sql`${todayOut.day} = ${today}`,
          ),
        )
        .where(eq(walletAccounts.provider, provider));
      return rows.map(({ inAmount, inCount, outAmount, outCount, ...facts }) => ({
        ...facts,
        today: {
          incomingAmount: inAmount ?? 0n,
          incomingCount: inCount ?? 0,
          outgoingAmount: outAmount ?? 0n,
          outgoingCount: outCount ?? 0,
        } satisfies TodayTotals,
      })) as (Omit<(typeof rows)[number], 'inAmount' | 'inCount' | 'outAmount' | 'outCount'> & {
        today: TodayTotals;
      } & { [Key in keyof Extra]: Extra[Key] extends SQL.Aliased<infer T> ? T : never })[];
    },

    async insert(fields: NewWalletRecord): Promise<string> {
      const [row] = await db.insert(walletAccounts).values(fields).returning({ id: walletAccounts.id });
      if (!row) throw new Error('wallet account insert returned nothing');
      return row.id;
    },

    async update(id: string, changes: WalletChanges & { loginStatusChangedAt?: SQL }): Promise<boolean> {
      const rows = await db
        .update(walletAccounts)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(walletAccounts.id, id))
        .returning({ id: walletAccounts.id });
      return rows.length > 0;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db
        .delete(walletAccounts)
        .where(eq(walletAccounts.id, id))
        .returning({ id: walletAccounts.id });
      return rows.length > 0;
    },

    /** The sealed credentials: read only to hand them to the phone at login step 1, or to merge a change. */
    async sealedCredentials(id: string): Promise<string | null> {
      const rows = await db
        .select({ sealed: walletAccounts.credentialsEncrypted })
        .from(walletAccounts)
        .where(eq(walletAccounts.id, id))
        .limit(1);
      return rows[0]?.sealed ?? null;
    },

    async setCredentials(id: string, sealed: string, fields: string[]): Promise<void> {
      await db
        .update(walletAccounts)
        .set({
          credentialsEncrypted: sealed,
          credentialFields: fields,
          credentialsUpdatedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(walletAccounts.id, id));
    },

    /** Guarded status change: only from `from`; false when the account was not in it. */
    async setStatus(
      id: string,
      from: readonly ('active' | 'disabled' | 'auto_disabled')[],
      to: 'active' | 'disabled',
      reason: string | null,
    ): Promise<boolean> {
      const rows = await db
        .update(walletAccounts)
        .set({
          status: to,
          disabledReason: to === 'active' ? null : reason,
          disabledAt: to === 'active' ? null : sql`now()`,
          autoDisabledCause: null,
          // Enabling starts the failure count afresh.
          ...(to === 'active' ? { consecutiveFailures: 0 } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(walletAccounts.id, id), inArray(walletAccounts.status, [...from])))
        .returning({ id: walletAccounts.id });
      return rows.length > 0;
    },

    /** The login status moved (a flow started, succeeded, failed; the app's session ended). */
    async setLoginStatus(
      id: string,
      loginStatus: WalletRecord['loginStatus'],
      onlyFrom?: WalletRecord['loginStatus'][],
    ) {
      const where = [eq(walletAccounts.id, id)];
      if (onlyFrom) where.push(inArray(walletAccounts.loginStatus, onlyFrom));
      const rows = await db
        .update(walletAccounts)
        .set({ loginStatus, loginStatusChangedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(...where))
        .returning({ id: walletAccounts.id });
      return rows.length > 0;
    },

    /** The phone's balance, and a reading of it beside the ledger's cash of the account now (one statement). */
    async setBalance(id: string, balanceMinor: bigint): Promise<void> {
      await db.execute(sql`
        with account as (
          update wallet_accounts set balance_minor = ${balanceMinor}, balance_read_at = now()
          where id = ${id} returning id)
        insert into wallet_balance_readings (wallet_account_id, balance_minor, ledger_cash_minor)
        select account.id, ${balanceMinor},
          coalesce((select sum(balance_minor) from ledger_accounts
            where kind = 'wallet_cash' and wallet_account_id = account.id), 0)
        from account`);
    },

    async setQrCode(id: string, payload: string): Promise<void> {
      await db
        .update(walletAccounts)
        .set({ qrPayload: payload, qrReadAt: sql`now()` })
        .where(eq(walletAccounts.id, id));
    },

    /**
     * Recomputes health_state and health_latest from the latest run of each wallet check (and the
     * QR fetch), in one statement, so concurrent finishes end with the state of the newest runs:
     * failing beats checking; healthy needs all three checks OK; otherwise unknown. Every change
     * of a wallet run is followed by this call, so the snapshot lists read is never behind.
     */
    async refreshHealthState(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      const isCheck = sql.raw(`r.type <> 'get_qr_code'`);
      await db.execute(sql`
        update wallet_accounts a set (health_state, health_latest) = (
          select
            case
              when bool_or(r.status not in (0, 1, 3)) filter (where ${isCheck}) then 'failing'
              when bool_or(r.status = 3) filter (where ${isCheck}) then 'checking'
              when count(*) filter (where ${isCheck}) = 3 and bool_and(r.status = 1) filter (where ${isCheck}) then 'healthy'
              else 'unknown' end,
            coalesce(jsonb_object_agg(r.type, jsonb_build_object(
              'status', r.status::int, 'reason', r.reason, 'message', r.message,
              'startedAt', ${isoText(sql`r.started_at`)}, 'finishedAt', ${isoText(sql`r.finished_at`)})), '{}'::jsonb)
          from (values ${latestCheckTypes}) as t(type)
          cross join lateral (
            select t.type, h.status, h.reason, h.message, h.started_at, h.finished_at from health_check_runs h
            where h.wallet_account_id = a.id and h.type = t.type
            order by h.started_at desc nulls last limit 1
          ) r
        )
        where a.id = any(${sqlArray(ids, 'uuid')})`);
    },

    /**
     * One more failure in a row, or the end of a run of them. Reaching `limit` auto-disables an
     * active account in the same statement (so two failures at once cannot both do it).
     * Returns whether this call auto-disabled it.
     */
    async recordOutcome(
      id: string,
      ok: boolean,
      limit: number,
      cause: { source: 'check' | 'login'; type: string; reason: string },
    ): Promise<{ autoDisabled: boolean; failures: number }> {
      if (ok) {
        await db
          .update(walletAccounts)
          .set({ consecutiveFailures: 0 })
          .where(and(eq(walletAccounts.id, id), sql`${walletAccounts.consecutiveFailures} > 0`));
        return { autoDisabled: false, failures: 0 };
      }
      const reaches = sql`before.status = 'active' and a.consecutive_failures + 1 >= ${limit}`;
      const result = await db.execute(sql`
        with before as (select id, status from wallet_accounts where id = ${id}::uuid for update)
        update wallet_accounts a set
          consecutive_failures = a.consecutive_failures + 1,
          status = case when ${reaches} then 'auto_disabled' else a.status end,
          auto_disabled_cause = case when ${reaches} then jsonb_build_object(
            'source', ${cause.source}::text, 'type', ${cause.type}::text, 'reason', ${cause.reason}::text,
            'failures', a.consecutive_failures + 1,
            'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          ) else a.auto_disabled_cause end,
          disabled_at = case when ${reaches} then now() else a.disabled_at end,
          updated_at = case when ${reaches} then now() else a.updated_at end
        from before where a.id = before.id
        returning (before.status = 'active' and a.status = 'auto_disabled') as "autoDisabled",
          a.consecutive_failures as "failures"`);
      const row = (result as unknown as { rows: { autoDisabled: boolean; failures: number }[] }).rows[0];
      return { autoDisabled: row?.autoDisabled === true, failures: Number(row?.failures ?? 0) };
    },

    /** Today's incoming and outgoing totals per account (the provider's local day), from the daily totals. */
    /** The accounts among `ids` that have any transfer recorded (those cannot be deleted). */
    async withMovements(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ accountId: walletTransactions.accountId })
        .from(walletTransactions)
        .where(inArray(walletTransactions.accountId, ids));
      return new Set(rows.map((r) => r.accountId));
    },

    /** The accounts on a phone, as the agent protocol names them. */
    async refsOfDevice(deviceId: string) {
      return db
        .select({
          id: walletAccounts.id,
          provider: walletAccounts.provider,
          accountNumber: walletAccounts.accountNumber,
        })
        .from(walletAccounts)
        .where(eq(walletAccounts.deviceId, deviceId))
        .orderBy(asc(walletAccounts.createdAt));
    },

    /** Accounts the wallet-check schedule runs on: active, logged in, on an online phone. */
    async scheduledCheckTargets(): Promise<string[]> {
      const rows = await db
        .select({ id: walletAccounts.id })
        .from(walletAccounts)
        .innerJoin(devices, eq(devices.id, walletAccounts.deviceId))
        .where(and(eq(walletAccounts.status, 'active'), eq(walletAccounts.loginStatus, 'logged_in'), isOnlineSql));
      return rows.map((r) => r.id);
    },
  };
}
export type WalletsRepository = ReturnType<typeof createWalletsRepository>;
