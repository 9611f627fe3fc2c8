import type { WebhookEventSummary } from '@gerbang/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { webhookDeliveries, webhookEvents } from '../../db/schema';

/** The webhook events announced about one subject (a session), oldest first, with every attempt. */
export async function webhookEventsOf(db: Database, subjectId: string): Promise<WebhookEventSummary[]> {
  const events = await db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.subjectId, subjectId))
    .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id));
  if (events.length === 0) return [];
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.eventId,
        events.map((event) => event.id),
      ),
    )
    .orderBy(asc(webhookDeliveries.id));
  return events.map((event) => ({
    id: event.id,
    endpointId: event.endpointId,
    type: event.type,
    status: event.status,
    attempts: event.attempts,
    nextAttemptAt: event.status === 'pending' ? event.nextAttemptAt.toISOString() : null,
    createdAt: event.createdAt.toISOString(),
    deliveries: deliveries
      .filter((delivery) => delivery.eventId === event.id)
      .map((delivery) => ({
        attempt: delivery.attempt,
        at: delivery.createdAt.toISOString(),
        statusCode: delivery.statusCode,
        durationMs: delivery.durationMs,
        error: delivery.error,
      })),
  }));
}
