import { and, asc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users, walletAccounts, walletLoginFlows, walletLoginSteps } from '../../db/schema';

export type FlowRecord = typeof walletLoginFlows.$inferSelect;
export type StepRecord = typeof walletLoginSteps.$inferSelect;
type FlowStatus = FlowRecord['status'];

const ACTIVE: FlowStatus[] = ['running', 'awaiting_otp'];

/**
 * Login flows and their steps. Every transition is a guarded update (WHERE status = expected), so
 * a result, a timeout, a disconnect and an operator racing on one flow end it exactly once.
 */
export function createWalletLoginRepository(db: Database) {
  return {
    /** A new running flow; null when the account already has an active one (partial unique index). */
    async insertFlow(accountId: string, startedByUserId: string | null): Promise<FlowRecord | null> {
      const rows = await db
        .insert(walletLoginFlows)
        .values({ accountId, startedByUserId, status: 'running', currentStep: 0 })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },

    async activeOf(accountId: string): Promise<FlowRecord | null> {
      const rows = await db
        .select()
        .from(walletLoginFlows)
        .where(and(eq(walletLoginFlows.accountId, accountId), inArray(walletLoginFlows.status, ACTIVE)))
        .limit(1);
      return rows[0] ?? null;
    },

    async latestOf(accountId: string): Promise<FlowRecord | null> {
      const rows = await db
        .select()
        .from(walletLoginFlows)
        .where(eq(walletLoginFlows.accountId, accountId))
        // NULLS LAST as the index has it: a plain DESC would sort the rows instead of walking it.
        .orderBy(sql`${walletLoginFlows.startedAt} desc nulls last`, sql`${walletLoginFlows.id} desc nulls last`)
        .limit(1);
      return rows[0] ?? null;
    },

    async findFlow(id: string): Promise<FlowRecord | null> {
      const rows = await db.select().from(walletLoginFlows).where(eq(walletLoginFlows.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** The flow with who started it, for the view. */
    async starterName(userId: string | null): Promise<string | null> {
      if (!userId) return null;
      const rows = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
      return rows[0]?.name ?? null;
    },

    async stepsOf(flowId: string): Promise<StepRecord[]> {
      return db
        .select()
        .from(walletLoginSteps)
        .where(eq(walletLoginSteps.flowId, flowId))
        .orderBy(asc(walletLoginSteps.startedAt), asc(walletLoginSteps.id));
    },

    /**
     * Moves a flow from one of `from` to `to` with the given fields; null when it was not in `from`
     * (someone else moved it first). A flow moved back to running or awaiting_otp can collide with
     * a newer active flow of the account: the unique index refuses it (the caller maps that).
     */
    async transition(
      id: string,
      from: FlowStatus[],
      to: FlowStatus,
      fields: Partial<Pick<FlowRecord, 'currentStep' | 'failedStep' | 'reason' | 'otpExpiresAt'>> & {
        finished?: boolean;
        otpStillValid?: boolean;
      } = {},
    ): Promise<FlowRecord | null> {
      const { finished, otpStillValid, ...rest } = fields;
      const where = [eq(walletLoginFlows.id, id), inArray(walletLoginFlows.status, from)];
      if (otpStillValid) where.push(sql`${walletLoginFlows.otpExpiresAt} > now()`);
      const rows = await db
        .update(walletLoginFlows)
        .set({
          ...rest,
          status: to,
          finishedAt: finished ? sql`now()` : null,
          updatedAt: sql`now()`,
        })
        .where(and(...where))
        .returning();
      return rows[0] ?? null;
    },

    /** A step attempt starts; null when the flow already has a running step. */
    async insertStep(fields: {
      flowId: string;
      step: number;
      commandId: string;
      deviceId: string;
      deadlineAt: Date;
    }): Promise<StepRecord | null> {
      const rows = await db
        .insert(walletLoginSteps)
        .values({ ...fields, status: 'running' })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },

    /** Ends a running step by its command (only for the phone it was sent to); null if not running. */
    async finishStep(
      where: { commandId: string; deviceId?: string },
      outcome: { status: 'done' | 'failed'; reason: string | null; message: string | null },
    ): Promise<StepRecord | null> {
      const conditions = [eq(walletLoginSteps.commandId, where.commandId), eq(walletLoginSteps.status, 'running')];
      if (where.deviceId) conditions.push(eq(walletLoginSteps.deviceId, where.deviceId));
      const rows = await db
        .update(walletLoginSteps)
        .set({ ...outcome, finishedAt: sql`now()` })
        .where(and(...conditions))
        .returning();
      return rows[0] ?? null;
    },

    /** Fails the running step of a flow (cancel); null when none runs. */
    async failRunningStepOf(flowId: string, reason: string): Promise<StepRecord | null> {
      const rows = await db
        .update(walletLoginSteps)
        .set({ status: 'failed', reason, finishedAt: sql`now()` })
        .where(and(eq(walletLoginSteps.flowId, flowId), eq(walletLoginSteps.status, 'running')))
        .returning();
      return rows[0] ?? null;
    },

    /** Running steps whose deadline passed, failed as timeout. */
    async failOverdueSteps(): Promise<StepRecord[]> {
      return db
        .update(walletLoginSteps)
        .set({ status: 'failed', reason: 'timeout', finishedAt: sql`now()` })
        .where(and(eq(walletLoginSteps.status, 'running'), lt(walletLoginSteps.deadlineAt, sql`now()`)))
        .returning();
    },

    /** Running steps on a phone that went away, failed as disconnected. */
    async failStepsOfDevice(deviceId: string): Promise<StepRecord[]> {
      return db
        .update(walletLoginSteps)
        .set({ status: 'failed', reason: 'disconnected', finishedAt: sql`now()` })
        .where(and(eq(walletLoginSteps.status, 'running'), eq(walletLoginSteps.deviceId, deviceId)))
        .returning();
    },

    /** Flows waiting for an OTP whose code ran out. */
    async expiredOtpFlows(): Promise<FlowRecord[]> {
      return db
        .select()
        .from(walletLoginFlows)
        .where(and(eq(walletLoginFlows.status, 'awaiting_otp'), lt(walletLoginFlows.otpExpiresAt, sql`now()`)));
    },

    /** Flows waiting for an OTP on accounts of a phone that went away. */
    async awaitingFlowsOfDevice(deviceId: string): Promise<FlowRecord[]> {
      return db
        .select(getTableColumns(walletLoginFlows))
        .from(walletLoginFlows)
        .innerJoin(walletAccounts, eq(walletAccounts.id, walletLoginFlows.accountId))
        .where(and(eq(walletLoginFlows.status, 'awaiting_otp'), eq(walletAccounts.deviceId, deviceId)));
    },
  };
}

export type WalletLoginRepository = ReturnType<typeof createWalletLoginRepository>;
