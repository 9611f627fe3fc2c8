import type { WebhookEventDetail, WebhookEventListItem } from '@gerbang/contract';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText, isoText } from '../../db/iso-text';
import { webhookDeliveries, webhookEvents } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

/** What the webhooks page may be narrowed by; `merchantId` is always set (a merchant's scope or an operator's choice). */
export type WebhookEventFilter = {
  merchantId: string;
  type?: string;
  status?: WebhookEventListItem['status'];
  subjectId?: string;
  /** `main` (the callback URL) or a further endpoint's id. */
  endpoint?: string;
  createdFrom?: string;
  createdTo?: string;
};

const E = webhookEvents;
const LAST_STATUS_CODE = sql.raw(
  'select d.status_code from webhook_deliveries d where d.event_id = webhook_events.id order by d.id desc limit 1',
);
const itemColumns = {
  id: E.id,
  type: E.type,
  subjectId: E.subjectId,
  endpointId: E.endpointId,
  status: E.status,
  attempts: E.attempts,
  // Qualified by hand: drizzle writes a one-table select's columns bare, which the subquery's own
  // `id` would shadow.
  lastStatusCode: sql<number | null>`(${LAST_STATUS_CODE})`.as('lastStatusCode'),
  lastError: E.lastError,
  nextAttemptAt: sql<string | null>`case when ${E.status} = 'pending' then ${isoText(E.nextAttemptAt)} end`.as(
    'nextAttemptAt',
  ),
  deliveredAt: isoText(E.deliveredAt).as('deliveredAt'),
  createdAt: isoText(E.createdAt).as('createdAt'),
};

function conditionsOf(filter: WebhookEventFilter, after?: KeysetCursor): SQL | undefined {
  return and(
    eq(E.merchantId, filter.merchantId),
    filter.type ? eq(E.type, filter.type) : undefined,
    filter.status ? eq(E.status, filter.status) : undefined,
    filter.subjectId ? eq(E.subjectId, filter.subjectId) : undefined,
    filter.endpoint === 'main' ? isNull(E.endpointId) : filter.endpoint ? eq(E.endpointId, filter.endpoint) : undefined,
    filter.createdFrom ? sql`${E.createdAt} >= ${filter.createdFrom}::timestamptz` : undefined,
    filter.createdTo ? sql`${E.createdAt} < ${filter.createdTo}::timestamptz` : undefined,
    after ? sql`(${E.createdAt}, ${E.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
  );
}

/** The webhooks page's reads: a merchant's events newest first along its index, and one with its attempts. */
export function createWebhookEventsRepository(db: Database) {
  return {
    /** A keyset page (limit + 1 rows), each with its cursor time. */
    page(
      filter: WebhookEventFilter,
      limit: number,
      after?: KeysetCursor,
    ): Promise<(WebhookEventListItem & { cursorAt: string })[]> {
      return db
        .select({ ...itemColumns, cursorAt: cursorText(E.createdAt).as('cursorAt') })
        .from(E)
        .where(conditionsOf(filter, after))
        .orderBy(sql`${E.createdAt} desc nulls last`, sql`${E.id} desc nulls last`)
        .limit(limit + 1);
    },

    /** One event with its body and attempts, within `merchantId` when given (a Merchant user's scope). */
    async find(id: string, merchantId: string | undefined): Promise<WebhookEventDetail | null> {
      const [event] = await db
        .select({ ...itemColumns, body: E.body })
        .from(E)
        .where(and(eq(E.id, id), merchantId ? eq(E.merchantId, merchantId) : undefined))
        .limit(1);
      if (!event) return null;
      const deliveries = await db
        .select({
          attempt: webhookDeliveries.attempt,
          at: isoText(webhookDeliveries.createdAt),
          url: webhookDeliveries.url,
          statusCode: webhookDeliveries.statusCode,
          durationMs: webhookDeliveries.durationMs,
          error: webhookDeliveries.error,
        })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.eventId, id))
        .orderBy(asc(webhookDeliveries.id));
      return { ...event, deliveries };
    },
  };
}
export type WebhookEventsRepository = ReturnType<typeof createWebhookEventsRepository>;
