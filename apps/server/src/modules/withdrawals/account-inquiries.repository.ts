import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accountInquiries } from '../../db/schema';

export type InquiryRecord = typeof accountInquiries.$inferSelect;
export type NewInquiry = typeof accountInquiries.$inferInsert;
export type InquiryOutcome =
  | { status: 'ok'; holderName: string }
  | { status: 'failed'; failureReason: string; message?: string | null };

export function createAccountInquiriesRepository(db: Database) {
  const finishWhere = (where: ReturnType<typeof and>, outcome: InquiryOutcome) =>
    db
      .update(accountInquiries)
      .set({
        status: outcome.status,
        holderName: outcome.status === 'ok' ? outcome.holderName : null,
        failureReason: outcome.status === 'failed' ? outcome.failureReason : null,
        message: outcome.status === 'failed' ? (outcome.message ?? null) : null,
        finishedAt: sql`now()`,
      })
      .where(and(where, eq(accountInquiries.status, 'running')))
      .returning();

  return {
    async insert(fields: NewInquiry): Promise<InquiryRecord> {
      const [row] = await db.insert(accountInquiries).values(fields).returning();
      if (!row) throw new Error('inquiry insert returned nothing');
      return row;
    },

    async findRunning(commandId: string, deviceId: string): Promise<InquiryRecord | null> {
      const [row] = await db
        .select()
        .from(accountInquiries)
        .where(
          and(
            eq(accountInquiries.commandId, commandId),
            eq(accountInquiries.deviceId, deviceId),
            eq(accountInquiries.status, 'running'),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async isRunningFor(subjectId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: accountInquiries.id })
        .from(accountInquiries)
        .where(and(eq(accountInquiries.subjectId, subjectId), eq(accountInquiries.status, 'running')))
        .limit(1);
      return row !== undefined;
    },

    /** Guarded: only a running inquiry finishes, once. */
    async finish(id: string, outcome: InquiryOutcome): Promise<InquiryRecord | null> {
      const [row] = await finishWhere(eq(accountInquiries.id, id), outcome);
      return row ?? null;
    },

    async finishOverdue(): Promise<InquiryRecord[]> {
      return finishWhere(lt(accountInquiries.deadlineAt, sql`now()`), { status: 'failed', failureReason: 'timeout' });
    },

    async finishAllOfDevice(deviceId: string): Promise<InquiryRecord[]> {
      return finishWhere(eq(accountInquiries.deviceId, deviceId), {
        status: 'failed',
        failureReason: 'disconnected',
      });
    },
  };
}
export type AccountInquiriesRepository = ReturnType<typeof createAccountInquiriesRepository>;
