import { randomUUID } from 'node:crypto';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/**
 * One event as the outbox writes it. Each value is a value, a placeholder or SQL: an event can be
 * written on its own, or read from the rows of the statement that makes the change it announces.
 */
export type OutboxEvent = {
  id: unknown;
  merchantId: unknown;
  type: unknown;
  subjectId: unknown;
  /** The event's data as jsonb. */
  data: SQLWrapper;
  createdAt: unknown;
};

/** Why an event of a merchant whose endpoint was disabled is kept, not sent. */
export const ENDPOINT_DISABLED =
  'Not sent: webhooks to this endpoint were disabled after failing for days (set the URL again to resume)';

/**
 * The statement that writes a webhook event: it exists exactly when the change it announces
 * committed (the caller's transaction, or the same statement as a CTE reading `from` its rows).
 * Delivery happens later (webhook-delivery.ts); an event of a merchant with no callback URL is
 * written as skipped (kept for the record, never sent), in the same statement. The event's
 * `sequence` (in its body too) is taken from the outbox's sequence as it is written: a subject's
 * changes are serialized by its row lock, so its events number in the order its changes committed,
 * and delivery keeps that order.
 */
export function webhookEventInsert(event: OutboxEvent, from?: SQL): SQL {
  return sql`
    with next as (select nextval('webhook_events_sequence_seq') as sequence)
    insert into webhook_events (id, merchant_id, type, subject_id, sequence, body, status, last_error, created_at, next_attempt_at)
    select ${event.id}::uuid, m.id, ${event.type}::text, ${event.subjectId}::uuid, next.sequence,
      jsonb_build_object('id', ${event.id}::uuid, 'type', ${event.type}::text, 'createdAt', ${event.createdAt}::text,
        'data', ${event.data}, 'sequence', next.sequence),
      case when m.callback_url is null or m.webhooks_disabled_at is not null then 'skipped' else 'pending' end,
      case when m.callback_url is null then 'The merchant has no callback URL'
        when m.webhooks_disabled_at is not null then ${sql.raw(`'${ENDPOINT_DISABLED}'`)} end,
      clock_timestamp(), clock_timestamp()
    from merchants m, next${from ? sql`, ${from}` : sql``} where m.id = ${event.merchantId}::uuid`;
}

/** Writes a webhook event of `data` inside the caller's transaction (webhookEventInsert). */
export async function enqueueWebhook(
  tx: Database,
  event: { merchantId: string; type: string; subjectId: string; data: object },
): Promise<void> {
  await tx.execute(
    webhookEventInsert({
      ...event,
      id: randomUUID(),
      data: sql`${JSON.stringify(event.data)}::jsonb`,
      createdAt: new Date().toISOString(),
    }),
  );
}
