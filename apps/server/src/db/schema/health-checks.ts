import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { walletAccounts } from './wallets';

/**
 * One run of one check. status: 0 unknown, 1 OK, 2 failed, 3 checking. Device-level checks have no
 * wallet account; wallet-level checks (and QR fetches) name the account they ran on, on its phone.
 */
export const healthCheckRuns = pgTable(
  'health_check_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    walletAccountId: uuid('wallet_account_id').references((): AnyPgColumn => walletAccounts.id, {
      onDelete: 'cascade',
    }),
    type: text('type').notNull(),
    status: smallint('status').notNull(),
    trigger: text('trigger', { enum: ['user', 'schedule'] }).notNull(),
    startedByUserId: uuid('started_by_user_id'),
    commandId: text('command_id').notNull(),
    data: jsonb('data'),
    additionalData: jsonb('additional_data'),
    reason: text('reason'),
    /** The phone's own words about a failure (wallet checks). */
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('health_check_runs_device_idx').on(t.deviceId, t.startedAt.desc()),
    // A device's own history, without its accounts' runs, in its pages' (started_at, id) order.
    index('health_check_runs_device_own_idx')
      .on(t.deviceId, t.startedAt.desc(), t.id.desc())
      .where(sql`${t.walletAccountId} is null`),
    index('health_check_runs_wallet_idx')
      .on(t.walletAccountId, t.startedAt.desc(), t.id.desc())
      .where(sql`${t.walletAccountId} is not null`),
    // The latest run of one check type of an account is one probe, however long its history.
    index('health_check_runs_wallet_type_idx')
      .on(t.walletAccountId, t.type, t.startedAt.desc())
      .where(sql`${t.walletAccountId} is not null`),
    uniqueIndex('health_check_runs_command_key').on(t.commandId),
    // At most one CHECKING run per device and type, and per account and type: the database refuses a second.
    uniqueIndex('health_check_runs_one_checking_key')
      .on(t.deviceId, t.type)
      .where(sql`${t.status} = 3 and ${t.walletAccountId} is null`),
    uniqueIndex('health_check_runs_one_wallet_checking_key')
      .on(t.walletAccountId, t.type)
      .where(sql`${t.status} = 3 and ${t.walletAccountId} is not null`),
    index('health_check_runs_deadline_idx').on(t.deadlineAt).where(sql`${t.status} = 3`),
  ],
);
