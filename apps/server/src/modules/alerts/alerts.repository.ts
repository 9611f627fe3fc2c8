import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { alertRules, alerts, users } from '../../db/schema';
import type { AlertSubject } from './alert-conditions.repository';

export type AlertRecord = typeof alerts.$inferSelect & { acknowledgedByName: string | null };
const RESOLVED_SHOWN = 100;

/** Alert rules as changed by operators, and the alerts themselves. */
export function createAlertsRepository(db: Database) {
  const selectAlerts = () =>
    db
      .select({ alert: alerts, acknowledgedByName: users.name })
      .from(alerts)
      .leftJoin(users, eq(users.id, alerts.acknowledgedBy));
  const toRecord = (row: { alert: typeof alerts.$inferSelect; acknowledgedByName: string | null }): AlertRecord => ({
    ...row.alert,
    acknowledgedByName: row.acknowledgedByName,
  });

  return {
    async listRules() {
      return db.select().from(alertRules);
    },

    async saveRule(rule: typeof alertRules.$inferInsert) {
      const [row] = await db
        .insert(alertRules)
        .values(rule)
        .onConflictDoUpdate({
          target: alertRules.kind,
          set: {
            enabled: rule.enabled,
            thresholdMinutes: rule.thresholdMinutes ?? null,
            balanceFloors: rule.balanceFloors ?? null,
            updatedAt: sql`now()`,
            updatedBy: rule.updatedBy ?? null,
          },
        })
        .returning();
      return row;
    },

    /**
     * Opens an alert for each subject that has none active; answers only those this call opened (a
     * concurrent evaluation on another instance opens the rest, never the same one twice).
     */
    async openMissing(kind: string, subjects: AlertSubject[]) {
      if (subjects.length === 0) return [];
      return db
        .insert(alerts)
        .values(subjects.map((s) => ({ kind, ...s })))
        .onConflictDoNothing({ target: [alerts.kind, alerts.subjectId], where: sql`${alerts.status} <> 'resolved'` })
        .returning();
    },

    /** Resolves the kind's active alerts whose subject no longer holds; answers those it resolved. */
    async resolveCleared(kind: string, holdingSubjectIds: string[]) {
      return db
        .update(alerts)
        .set({ status: 'resolved', resolvedAt: sql`now()` })
        .where(
          and(
            eq(alerts.kind, kind),
            ne(alerts.status, 'resolved'),
            holdingSubjectIds.length > 0 ? notInArray(alerts.subjectId, holdingSubjectIds) : undefined,
          ),
        )
        .returning();
    },

    async listActive(): Promise<AlertRecord[]> {
      const rows = await selectAlerts().where(ne(alerts.status, 'resolved')).orderBy(desc(alerts.openedAt));
      return rows.map(toRecord);
    },

    async listResolved(): Promise<AlertRecord[]> {
      const rows = await selectAlerts()
        .where(eq(alerts.status, 'resolved'))
        .orderBy(desc(alerts.resolvedAt))
        .limit(RESOLVED_SHOWN);
      return rows.map(toRecord);
    },

    async find(id: string): Promise<AlertRecord | null> {
      const [row] = await selectAlerts().where(eq(alerts.id, id)).limit(1);
      return row ? toRecord(row) : null;
    },

    /** Guarded: only an open alert is acknowledged; null when it is not open (any more). */
    async acknowledge(id: string, userId: string) {
      const [row] = await db
        .update(alerts)
        .set({ status: 'acknowledged', acknowledgedAt: sql`now()`, acknowledgedBy: userId })
        .where(and(eq(alerts.id, id), eq(alerts.status, 'open')))
        .returning({ id: alerts.id });
      return row ?? null;
    },

    async snooze(id: string, minutes: number) {
      const [row] = await db
        .update(alerts)
        .set({ snoozedUntil: sql`now() + ${`${minutes} minutes`}::interval` })
        .where(and(eq(alerts.id, id), inArray(alerts.status, ['open', 'acknowledged'])))
        .returning({ id: alerts.id });
      return row ?? null;
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
