import { DEVICE_CHECK_TYPES, HEALTH_CHECK_STATUS } from '@gerbang/contract';
import { and, eq, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText, isoText } from '../../db/iso-text';
import { healthCheckRuns } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

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

export function createHealthChecksRepository(db: Database) {
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
     * health_check_runs_device_idx per device and type, never a scan of the whole history.
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

    /** A device's (or an account's) runs, newest first, keyset on (started_at, id). Reads limit + 1 rows. */
    async page(owner: { deviceId: string } | { walletAccountId: string }, limit: number, after?: KeysetCursor) {
      const where: SQL[] =
        'deviceId' in owner
          ? [eq(healthCheckRuns.deviceId, owner.deviceId), isNull(healthCheckRuns.walletAccountId)]
          : [eq(healthCheckRuns.walletAccountId, owner.walletAccountId)];
      if (after) {
        where.push(
          sql`(${healthCheckRuns.startedAt}, ${healthCheckRuns.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
        );
      }
      return (
        db
          .select({
            run: healthCheckRuns,
            cursorAt: cursorText(healthCheckRuns.startedAt),
          })
          .from(healthCheckRuns)
          .where(and(...where))
          // NULLS LAST as the index has it: a plain DESC would sort the rows instead of walking it.
          .orderBy(sql`${healthCheckRuns.startedAt} desc nulls last`, sql`${healthCheckRuns.id} desc nulls last`)
          .limit(limit + 1)
      );
    },
  };
}
export type HealthChecksRepository = ReturnType<typeof createHealthChecksRepository>;
