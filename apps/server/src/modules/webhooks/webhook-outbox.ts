import { randomUUID } from 'node:crypto';
import { WEBHOOK_NOT_SENT } from '@gerbang/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sqlRows } from '../../db/sql-rows';

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

/**
 * The statement that writes a webhook event: it exists exactly when the change it announces
 * committed (the caller's transaction, or the same statement as a CTE reading `from` its rows).
 * Delivery happens later (webhook-delivery.ts). It writes one row per endpoint the event goes to:
 * the merchant's main one (the callback URL; that row has the event's id) and each further endpoint
 * subscribed to its type (a row id of its own; the same event id, sequence and body). A main
 * endpoint with no URL, or a disabled one, gets its row as skipped (kept for the record, never
 * sent), in the same statement. The event's `sequence` (in its body too) is taken from the
 * outbox's sequence as it is written: a subject's changes are serialized by its row lock, so its
 * events number in the order its changes committed, and delivery keeps that order per endpoint.
 * `only` narrows it to one endpoint (null: the main one), for a test event. `livemode` is false
 * on a test twin's events (test mode), as Stripe's are.
 */
export function webhookEventInsert(event: OutboxEvent, from?: SQL, only?: { endpointId: string | null }): SQL {
  const merchantId = sql`${event.merchantId}::uuid`;
  const main = sql`
      select null::uuid as endpoint_id, m.callback_url as url, m.webhooks_disabled_at is not null as disabled
      from merchants m where m.id = ${merchantId}`;
  const further = (which: SQL) => sql`
      select e.id as endpoint_id, e.url, e.disabled_at is not null as disabled from webhook_endpoints e
      where e.merchant_id = ${merchantId} and e.removed_at is null and ${which}`;
  const targets =
    only === undefined
      ? sql`${main} union all ${further(sql`${event.type}::text = any(e.event_types)`)}`
      : only.endpointId === null
        ? main
        : further(sql`e.id = ${only.endpointId}::uuid`);
  return sql`
    with next as (select nextval('webhook_events_sequence_seq') as sequence)
    insert into webhook_events (id, merchant_id, endpoint_id, type, subject_id, sequence, body, status, last_error, created_at, next_attempt_at)
    select case when t.endpoint_id is null then ${event.id}::uuid else gen_random_uuid() end, ${merchantId}, t.endpoint_id,
      ${event.type}::text, ${event.subjectId}::uuid, next.sequence,
      jsonb_build_object('id', ${event.id}::uuid, 'type', ${event.type}::text, 'createdAt', ${event.createdAt}::text,
        'data', ${event.data}, 'sequence', next.sequence,
        'livemode', (select l.live_merchant_id is null from merchants l where l.id = ${merchantId})),
      case when t.url is null or t.disabled then 'skipped' else 'pending' end,
      case when t.url is null then ${WEBHOOK_NOT_SENT.noCallbackUrl}::text
        when t.disabled then ${WEBHOOK_NOT_SENT.disabled}::text end,
      clock_timestamp(), clock_timestamp()
    from next${from ? sql`, ${from}` : sql``} cross join lateral (${targets}) t`;
}

/**
 * Writes a webhook event of `data` inside the caller's transaction (webhookEventInsert). With
 * `also.write`, another write of the same change (its timeline row) goes in the same statement:
 * one round trip instead of two; `also.ask` is a yes-or-no question the same statement answers
 * (read after the caller's earlier statements, as a statement of its own would): its answer is
 * returned (false when none is asked).
 */
export async function enqueueWebhook(
  tx: Database,
  event: { merchantId: string; type: string; subjectId: string; data: object },
  also: { write?: SQL; ask?: SQL<boolean> } = {},
): Promise<boolean> {
  const insert = webhookEventInsert({
    ...event,
    id: randomUUID(),
    data: sql`${JSON.stringify(event.data)}::jsonb`,
    createdAt: new Date().toISOString(),
  });
  if (!also.write && !also.ask) {
    await tx.execute(insert);
    return false;
  }
  const [row] = await sqlRows<{ answer: boolean }>(
    tx,
    sql`with ${also.write ? sql`alongside as (${also.write}), ` : sql``}event as (${insert})
      select ${also.ask ?? sql`false`} as answer`,
  );
  return row?.answer === true;
}
