import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT_TYPE } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { notFound } from '../../http/app-error';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { webhookEventInsert } from './webhook-outbox';

/**
 * A `webhook.test` event for one of a merchant's endpoints (null: its main one, the callback URL),
 * written to the outbox (and audited) in one transaction, so it is signed, delivered, retried and
 * logged like any other. Its subject is its own id: it waits for no other event. Returns its outbox row's id.
 */
export async function writeTestEvent(
  db: Database,
  actor: { userId: string; ip: string },
  merchantId: string,
  endpointId: string | null,
) {
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const written = await tx.execute(
      sql`${webhookEventInsert(
        {
          id,
          merchantId,
          type: WEBHOOK_TEST_EVENT_TYPE,
          subjectId: id,
          data: sql`${JSON.stringify({ merchantId, message: 'A test event: your endpoint received it. Verify its signature as you would any other.' })}::jsonb`,
          createdAt: new Date().toISOString(),
        },
        undefined,
        { endpointId },
      )} returning id`,
    );
    // The row of a further endpoint has an id of its own (the event's id is in its body).
    const [row] = (written as unknown as { rows: { id: string }[] }).rows;
    if (!row) throw notFound(endpointId ? 'Webhook endpoint' : 'Merchant');
    await createAuditRepository(tx).insert({
      actorUserId: actor.userId,
      action: AUDIT_ACTIONS.webhookTestSent,
      targetType: 'webhook_event',
      targetId: row.id,
      ip: actor.ip,
      details: { merchantId, endpointId },
    });
    return row.id;
  });
}
