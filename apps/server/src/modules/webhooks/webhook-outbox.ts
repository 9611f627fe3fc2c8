import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/**
 * Writes a webhook event inside the caller's transaction: it exists exactly when the change it
 * announces committed. Delivery happens later (webhook-delivery.ts); an event of a merchant with no
 * callback URL is written as skipped (kept for the record, never sent), in the same statement. The
 * event's `sequence` (in its body too) is taken from the outbox's sequence as it is written: a
 * subject's changes are serialized by its row lock, so its events number in the order its changes
 * committed, and delivery keeps that order.
 */
export async function enqueueWebhook(
  tx: Database,
  event: { merchantId: string; type: string; subjectId: string; data: object },
): Promise<void> {
  const id = randomUUID();
  const body = { id, type: event.type, createdAt: new Date().toISOString(), data: event.data };
  await tx.execute(sql`
    with next as (select nextval('webhook_events_sequence_seq') as sequence)
    insert into webhook_events (id, merchant_id, type, subject_id, sequence, body, status, last_error, created_at, next_attempt_at)
    select ${id}::uuid, m.id, ${event.type}, ${event.subjectId}::uuid, next.sequence,
      ${JSON.stringify(body)}::jsonb || jsonb_build_object('sequence', next.sequence),
      case when m.callback_url is null then 'skipped' else 'pending' end,
      case when m.callback_url is null then 'The merchant has no callback URL' end,
      clock_timestamp(), clock_timestamp()
    from merchants m, next where m.id = ${event.merchantId}::uuid`);
}
