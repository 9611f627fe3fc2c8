import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** A rule's settings, once an operator changed them (until then the defaults in the code hold). */
export const alertRules = pgTable('alert_rules', {
  kind: text('kind').primaryKey(),
  enabled: boolean('enabled').notNull(),
  thresholdMinutes: integer('threshold_minutes'),
  /** Per currency, in major units as text: { IDR: "500000", PHP: null }. */
  balanceFloors: jsonb('balance_floors').$type<Record<string, string | null>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * One alert per (kind, subject) while its condition holds: the partial unique index is what makes
 * an alert open once however many instances evaluate the rules at the same moment.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectLabel: text('subject_label').notNull(),
    status: text('status', { enum: ['open', 'acknowledged', 'resolved'] })
      .notNull()
      .default('open'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_active_subject_key').on(t.kind, t.subjectId).where(sql`${t.status} <> 'resolved'`),
    index('alerts_active_opened_idx').on(t.openedAt.desc()).where(sql`${t.status} <> 'resolved'`),
    index('alerts_resolved_idx').on(t.resolvedAt.desc()).where(sql`${t.status} = 'resolved'`),
    check('alerts_resolved_check', sql`(${t.status} = 'resolved') = (${t.resolvedAt} is not null)`),
  ],
);
