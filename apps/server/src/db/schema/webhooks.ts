import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchants } from './merchants';
import { webhookEndpoints } from './webhook-endpoints';

/**
 * The webhook outbox: one row per state change and endpoint (the merchant's main one and each
 * further one subscribed to the type; they share the event's id, sequence and body), written in the
 * transaction of that change, so no change goes unannounced and no announcement is of a change that
 * rolled back. Delivered with retries; one delivery at a time per row across instances.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    /** The further endpoint it goes to (null: the merchant's main one, its callback URL). */
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    /** What the payment session's id, or another subject's, is. */
    subjectId: uuid('subject_id').notNull(),
    /**
     * The order events were written in (in the body too): a subject's changes are serialized by
     * its row lock, so its events' sequence is the order its changes committed in, and delivery
     * follows it.
     */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    /** The exact JSON body sent (the event: id, type, sequence, createdAt, data). */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The claim of the delivery pass that holds the event: only it may record the outcome. */
    claimId: uuid('claim_id'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_events_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_events_subject_idx').on(t.subjectId, t.createdAt),
    // Delivery in order: is an earlier event of the subject still pending?
    index('webhook_events_pending_subject_idx').on(t.subjectId, t.sequence).where(sql`${t.status} = 'pending'`),
    index('webhook_events_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Every delivery attempt of an event: when, how long, what the receiver answered or what failed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    url: text('url').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_event_idx').on(t.eventId, t.id)],
);
