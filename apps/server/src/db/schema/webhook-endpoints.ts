import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchants } from './merchants';

/**
 * A merchant's further webhook endpoints, beside its main one (the callback URL on `merchants`,
 * which receives every event): each receives the types it subscribes to, signed with its own
 * secret (sealed with the secret box, never returned after creation), and fails, is disabled and
 * resumes on its own. Removal is a mark: the outbox rows of its deliveries keep pointing at it.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: text('event_types').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The outbox reads a merchant's live endpoints with every event it writes.
  (t) => [index('webhook_endpoints_merchant_idx').on(t.merchantId, t.createdAt).where(sql`${t.removedAt} is null`)],
);
