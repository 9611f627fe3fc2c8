import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { merchants, webhookEndpoints } from '../../db/schema';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { Mailer } from '../mail/mailer';
import { merchantOwnerEmails } from '../merchant-team/merchant-owners';

/**
 * Whether an endpoint is failing: the first failed attempt after a success starts the clock
 * (`webhook_failing_since` of the merchant for its main endpoint, `failing_since` of a further one),
 * the next success stops it. Each write happens only when it changes something, so a healthy
 * endpoint's deliveries write nothing.
 */
export async function recordEndpointHealth(
  db: Database,
  row: { merchantId: string; endpointId: string | null },
  delivered: boolean,
): Promise<void> {
  if (row.endpointId !== null) {
    const E = webhookEndpoints;
    await db
      .update(E)
      .set({ failingSince: delivered ? null : sql`now()` })
      .where(and(eq(E.id, row.endpointId), delivered ? isNotNull(E.failingSince) : isNull(E.failingSince)));
    return;
  }
  await db
    .update(merchants)
    .set({ webhookFailingSince: delivered ? null : sql`now()` })
    .where(
      and(
        eq(merchants.id, row.merchantId),
        delivered ? isNotNull(merchants.webhookFailingSince) : isNull(merchants.webhookFailingSince),
      ),
    );
}

type Disabled = { id: string; merchantId: string; url: string | null; since: Date | null; endpointId: string | null };

/**
 * Disables the endpoints that failed for `days` with nothing delivered since (events are then kept
 * as not sent): merchants' main ones and further ones alike. Audits each as the server's own action
 * and mails the merchant's owners. Returns what was disabled: a merchant's id for its main
 * endpoint, an endpoint's id for a further one. Saving the URL again turns it back on.
 */
export async function disableFailingEndpoints(
  deps: { db: Database; mailer: Mailer; logger: Pick<FastifyBaseLogger, 'warn'>; merchantConsoleUrl: string },
  days: number,
): Promise<string[]> {
  const before = sql`now() - make_interval(days => ${days})`;
  const main: Disabled[] = await deps.db
    .update(merchants)
    .set({ webhooksDisabledAt: sql`now()` })
    .where(
      and(
        isNull(merchants.webhooksDisabledAt),
        isNotNull(merchants.callbackUrl),
        lt(merchants.webhookFailingSince, before),
      ),
    )
    .returning({
      id: merchants.id,
      merchantId: merchants.id,
      url: merchants.callbackUrl,
      since: merchants.webhookFailingSince,
      endpointId: sql<null>`null`,
    });
  const E = webhookEndpoints;
  const further: Disabled[] = await deps.db
    .update(E)
    .set({ disabledAt: sql`now()` })
    .where(and(isNull(E.disabledAt), isNull(E.removedAt), lt(E.failingSince, before)))
    .returning({ id: E.id, merchantId: E.merchantId, url: E.url, since: E.failingSince, endpointId: E.id });
  for (const endpoint of [...main, ...further]) {
    await createAuditRepository(deps.db).insert({
      actorUserId: null,
      action: AUDIT_ACTIONS.webhookEndpointDisabled,
      targetType: endpoint.endpointId ? 'webhook_endpoint' : 'merchant',
      targetId: endpoint.id,
      ip: null,
      details: {
        ...(endpoint.endpointId
          ? { url: endpoint.url, merchantId: endpoint.merchantId }
          : { callbackUrl: endpoint.url }),
        failingSince: endpoint.since?.toISOString() ?? null,
        days,
      },
    });
    const [merchant] = await deps.db
      .select({ name: merchants.name })
      .from(merchants)
      .where(eq(merchants.id, endpoint.merchantId));
    const text = [
      `Gerbang stopped sending webhooks to ${merchant?.name}'s endpoint, ${endpoint.url}: every delivery to it has failed since ${endpoint.since?.toISOString()} (${days} days).`,
      'Events are kept and listed in the merchant console; none is sent until the endpoint is set again.',
      '',
      `Fix the endpoint, then save its URL on the Webhooks page: ${deps.merchantConsoleUrl.replace(/\/$/, '')}/webhooks`,
    ].join('\n');
    for (const email of await merchantOwnerEmails(deps.db, endpoint.merchantId)) {
      await deps.mailer
        .send({ to: email, subject: '[Gerbang] Your webhook endpoint was disabled', text })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'webhook endpoint mail failed'));
    }
  }
  return [...main, ...further].map((endpoint) => endpoint.id);
}
