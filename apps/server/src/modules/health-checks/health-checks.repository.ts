import { DEVICE_CHECK_TYPES, HEALTH_CHECK_STATUS, type HealthCheckRun, type WalletCheckRun } from '@gerbang/contract';
import { and, eq, isNotNull, isNull, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoText } from '../../db/iso-text';
import { newestFirstRead } from '../../db/newest-first-read';
import { named } from '../../db/prepared-read';
import { healthCheckRuns } from '../../db/schema';

export type RunRecord = typeof healthCheckRuns.$inferSelect;
export type LatestCheck = {
  deviceId: string;
  type: string;
  status: number;
  startedAt: string;
  finishedAt: string | null;
};

/**
 * Device-level runs have no wallet account; wallet-level runs (and QR fetches) name one. Each
 * service ends only its own kind, so a device check sweep never touches a wallet run and back.
 */
export type RunScope = 'device' | 'wallet';

const CHECKING = HEALTH_CHECK_STATUS.Checking;
const inScope = (scope: RunScope) =>
  scope === 'device' ? isNull(healthCheckRuns.walletAccountId) : isNotNull(healthCheckRuns.walletAccountId);

export type RunOutcome = {
  status: number;
  reason: string | null;
  message?: string | null;
  data?: unknown;
  additionalData?: unknown;
};

/**
 * A run as the run lists write it (`data` and `additionalData` as objects, times as ISO text),
 * both kinds' fields: the response serializer writes only those of the list's schema.
 */
const pageColumns = {
  id: named<string>('id', healthCheckRuns.id),
  deviceId: named<string>('deviceId', healthCheckRuns.deviceId),
  accountId: named<string>('accountId', healthCheckRuns.walletAccountId),
  type: named<string>('type', healthCheckRuns.type),
  status: named<number>('status', healthCheckRuns.status),
  trigger: named<string>('trigger', healthCheckRuns.trigger),
  startedByUserId: named<string>('startedByUserId', healthCheckRuns.startedByUserId),
  data: named<unknown>('data', sql`coalesce(${healthCheckRuns.data}, '{}'::jsonb)`),
  additionalData: named<unknown>('additionalData', sql`coalesce(${healthCheckRuns.additionalData}, '{}'::jsonb)`),
  reason: named<string>('reason', healthCheckRuns.reason),
  message: named<string>('message', healthCheckRuns.message),
  startedAt: named<string>('startedAt', isoText(healthCheckRuns.startedAt)),
  finishedAt: named<string>('finishedAt', isoText(healthCheckRuns.finishedAt)),
  deadlineAt: named<string>('deadlineAt', isoText(healthCheckRuns.deadlineAt)),
};

export function createHealthChecksRepository(db: Database) {
  /** Runs newest first along the owner's index: a device's own, or an account's. */
  const runsOf = (ownedBy: (ownerId: Placeholder) => SQL | undefined) => ({
    table: healthCheckRuns,
    columns: pageColumns,
    at: healthCheckRuns.startedAt,
    id: healthCheckRuns.id,
    ownedBy,
  });
  const readDevicePage = newestFirstRead<HealthCheckRun>(
    db,
    runsOf((deviceId) => and(eq(healthCheckRuns.deviceId, deviceId), isNull(healthCheckRuns.walletAccountId))),
  );
  const readWalletPage = newestFirstRead<WalletCheckRun>(
    db,
    runsOf((accountId) => eq(healthCheckRuns.walletAccountId, accountId)),
  );

  return {
    /**
     * A new CHECKING run; null when the device (or, for a wallet run, the account) already has one
     * of this type (partial unique indexes).
     */
    async insertChecking(fields: {
      deviceId: string;
      walletAccountId?: string | null;
      type: string;
      trigger: 'user' | 'schedule';
      startedByUserId: string | null;
      commandId: string;
      deadlineAt: Date;
    }): Promise<RunRecord | null> {
      const rows = await db
        .insert(healthCheckRuns)
        .values({ ...fields, status: CHECKING })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },

    /** Ends a run of the scope that is still CHECKING; null when it already ended (late or duplicate result). */
    async finish(
      where: { commandId: string; deviceId?: string; scope: RunScope },
      outcome: RunOutcome,
    ): Promise<RunRecord | null> {
      const conditions: SQL[] = [
        eq(healthCheckRuns.commandId, where.commandId),
        eq(healthCheckRuns.status, CHECKING),
        inScope(where.scope),
      ];
      if (where.deviceId) conditions.push(eq(healthCheckRuns.deviceId, where.deviceId));
      const rows = await db
        .update(healthCheckRuns)
        .set({ ...outcome, finishedAt: sql`now()` })
        .where(and(...conditions))
        .returning();
      return rows[0] ?? null;
    },

    /** The CHECKING run of the scope with this command id, if any (to read its type before finishing it). */
    async findChecking(commandId: string, deviceId: string, scope: RunScope): Promise<RunRecord | null> {
      const rows = await db
        .select()
        .from(healthCheckRuns)
        .where(
          and(
            eq(healthCheckRuns.commandId, commandId),
            eq(healthCheckRuns.deviceId, deviceId),
            eq(healthCheckRuns.status, CHECKING),
            inScope(scope),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Fails every CHECKING run of the scope on a device (its agent went away). */
    async failCheckingOf(deviceId: string, reason: string, scope: RunScope): Promise<RunRecord[]> {
      return db
        .update(healthCheckRuns)
        .set({ status: HEALTH_CHECK_STATUS.Failed, reason, finishedAt: sql`now()` })
        .where(and(eq(healthCheckRuns.deviceId, deviceId), eq(healthCheckRuns.status, CHECKING), inScope(scope)))
        .returning();
    },

    /** Fails CHECKING runs of the scope whose deadline passed (uses the partial deadline index). */
    async failOverdue(scope: RunScope): Promise<RunRecord[]> {
      return db
        .update(healthCheckRuns)
        .set({ status: HEALTH_CHECK_STATUS.Failed, reason: 'timeout', finishedAt: sql`now()` })
        .where(and(eq(healthCheckRuns.status, CHECKING), lt(healthCheckRuns.deadlineAt, sql`now()`), inScope(scope)))
        .returning();
    },

    /**
     * The latest run of each device-level check type, for the given devices (or all): one probe of
     * the device's own runs' index per device and type, newest first, never a scan of the whole history.
     */
    async latest(deviceIds?: string[]): Promise<LatestCheck[]> {
      if (deviceIds && deviceIds.length === 0) return [];
      const types = sql.join(
        DEVICE_CHECK_TYPES.map((t) => sql`(${t})`),
        sql`, `,
      );
      const only = deviceIds
        ? sql`where d.id in (${sql.join(
            deviceIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql``;
      const result = await db.execute(sql`
        select d.id as "deviceId", t.type as "type", r.status::int as "status",
          ${isoText(sql`r.started_at`)} as "startedAt", ${isoText(sql`r.finished_at`)} as "finishedAt"
        from devices d
        cross join (values ${types}) as t(type)
        cross join lateral (
          select status, started_at, finished_at from health_check_runs h
          where h.device_id = d.id and h.type = t.type and h.wallet_account_id is null
          order by h.started_at desc limit 1
        ) r
        ${only}`);
      return (result as unknown as { rows: LatestCheck[] }).rows;
    },

    /** A device's own runs (not its accounts'), newest first: a keyset page (limit + 1 rows) of answer items. */
    devicePage: readDevicePage,
    /** An account's runs (checks and QR fetches), newest first: the same for the wallet page. */
    walletPage: readWalletPage,
    /** The pages' SQL and values, for the test that checks their plans. */
    devicePageSql: readDevicePage.sqlOf,
    walletPageSql: readWalletPage.sqlOf,
  };
}
export type HealthChecksRepository = ReturnType<typeof createHealthChecksRepository>;
