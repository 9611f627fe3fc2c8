import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { merchants } from '../../db/schema';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { Mailer } from '../mail/mailer';
import { merchantOwnerEmails } from '../merchant-team/merchant-owners';

/**
 * Whether a merchant's endpoint is failing: the first failed attempt after a success starts the
 * clock (`webhook_failing_since`), the next success stops it. Each write happens only when it
 * changes something, so a healthy endpoint's deliveries write nothing to the merchant's row.
 */
export async function recordEndpointHealth(db: Database, merchantId: string, delivered: boolean): Promise<void> {
  await db
    .update(merchants)
    .set({ webhookFailingSince: delivered ? null : sql`now()` })
    .where(
      and(
        eq(merchants.id, merchantId),
        delivered ? isNotNull(merchants.webhookFailingSince) : isNull(merchants.webhookFailingSince),
      ),
    );
}

/**
 * Disables the endpoints that failed for `days` with nothing delivered since (events are then kept
 * as not sent), audits each as the server's own action and mails the merchant's owners. Returns the
 * merchants disabled. Setting the URL again (merchant or operator) turns webhooks back on.
 */
export async function disableFailingEndpoints(
  deps: { db: Database; mailer: Mailer; logger: Pick<FastifyBaseLogger, 'warn'>; merchantConsoleUrl: string },
  days: number,
): Promise<string[]> {
  const disabled = await deps.db
    .update(merchants)
    .set({ webhooksDisabledAt: sql`now()` })
    .where(
      and(
        isNull(merchants.webhooksDisabledAt),
        isNotNull(merchants.callbackUrl),
        lt(merchants.webhookFailingSince, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .returning({
      id: merchants.id,
      name: merchants.name,
      url: merchants.callbackUrl,
      since: merchants.webhookFailingSince,
    });
  for (const merchant of disabled) {
    await createAuditRepository(deps.db).insert({
      actorUserId: null,
      action: AUDIT_ACTIONS.webhookEndpointDisabled,
      targetType: 'merchant',
      targetId: merchant.id,
      ip: null,
      details: { callbackUrl: merchant.url, failingSince: merchant.since?.toISOString() ?? null, days },
    });
    const text = [
      `Gerbang stopped sending webhooks to ${merchant.name}'s endpoint, ${merchant.url}: every delivery to it has failed since ${merchant.since?.toISOString()} (${days} days).`,
      'Events are kept and listed in the merchant console; none is sent until the endpoint is set again.',
      '',
      `Fix the endpoint, then save its URL on the Webhooks page: ${deps.merchantConsoleUrl.replace(/\/$/, '')}/webhooks`,
    ].join('\n');
    for (const email of await merchantOwnerEmails(deps.db, merchant.id)) {
      await deps.mailer
        .send({ to: email, subject: '[Gerbang] Your webhook endpoint was disabled', text })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'webhook endpoint mail failed'));
    }
  }
  return disabled.map((merchant) => merchant.id);
}
