import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/**
 * Writes a webhook event inside the caller's transaction: it exists exactly when the change it
 * announces committed. Delivery happens later (webhook-delivery.ts); an event of a merchant with no
 * callback URL is written as skipped (kept for the record, never sent), in the same statement.
 */
export async function enqueueWebhook(
  tx: Database,
  event: { merchantId: string; type: string; subjectId: string; data: object },
): Promise<void> {
  const id = randomUUID();
  const body = { id, type: event.type, createdAt: new Date().toISOString(), data: event.data };
  // clock_timestamp(), not now(): the changes of one transaction (created, then awaiting payment)
  // keep their order in the log and in delivery (claims go by next_attempt_at).
  await tx.execute(sql`
    insert into webhook_events (id, merchant_id, type, subject_id, body, status, last_error, created_at, next_attempt_at)
    select ${id}::uuid, m.id, ${event.type}, ${event.subjectId}::uuid, ${JSON.stringify(body)}::jsonb,
      case when m.callback_url is null then 'skipped' else 'pending' end,
      case when m.callback_url is null then 'The merchant has no callback URL' end,
      clock_timestamp(), clock_timestamp()
    from merchants m where m.id = ${event.merchantId}::uuid`);
}
