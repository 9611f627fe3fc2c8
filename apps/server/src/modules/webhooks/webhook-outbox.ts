import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import { webhookEvents } from '../../db/schema';

/**
 * Writes a webhook event inside the caller's transaction: it exists exactly when the change it
 * announces committed. Delivery happens later (webhook-delivery.ts).
 */
export async function enqueueWebhook(
  tx: Database,
  event: { merchantId: string; type: string; subjectId: string; data: object },
): Promise<void> {
  const id = randomUUID();
  await tx.insert(webhookEvents).values({
    id,
    merchantId: event.merchantId,
    type: event.type,
    subjectId: event.subjectId,
    body: { id, type: event.type, createdAt: new Date().toISOString(), data: event.data },
  });
}
