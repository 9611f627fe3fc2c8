import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Proxies the phones use. The password is AES-256-GCM encrypted and never returned. */
export const proxies = pgTable(
  'proxies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['http', 'https', 'socks5'] }).notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    username: text('username'),
    passwordEncrypted: text('password_encrypted'),
    label: text('label').notNull().default(''),
    checkStatus: text('check_status', { enum: ['unchecked', 'ok', 'failed'] })
      .notNull()
      .default('unchecked'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    latencyMs: integer('latency_ms'),
    exitIp: text('exit_ip'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // coalesce: two proxies without a username at the same endpoint are duplicates too.
  (t) => [uniqueIndex('proxies_endpoint_key').on(t.type, t.host, t.port, sql`coalesce(${t.username}, '')`)],
);
