import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { merchants, webhookEndpoints } from '../../db/schema';

/** Where an outbox row goes and what signs it: its endpoint's URL, secrets (sealed) and state. */
export type WebhookTarget = {
  url: string | null;
  /** The current secret, sealed. */
  secret: string;
  /** The secret rotated away from, sealed, while it still signs beside the current one. */
  previous: string | null;
  /** Disabled after failing for days. */
  disabled: boolean;
  /** A further endpoint its merchant removed. */
  removed: boolean;
};

/**
 * The endpoint of an outbox row as it is now (a URL or secret changed since the event was written
 * applies to its next attempt): the merchant's main one (callback URL), or a further endpoint.
 */
export async function targetOf(
  db: Database,
  row: { merchantId: string; endpointId: string | null },
): Promise<WebhookTarget | undefined> {
  if (row.endpointId === null) {
    const [main] = await db
      .select({
        url: merchants.callbackUrl,
        secret: merchants.webhookSecretEncrypted,
        disabled: sql<boolean>`${merchants.webhooksDisabledAt} is not null`,
        removed: sql<boolean>`false`,
        previous: sql<
          string | null
        >`case when ${merchants.previousWebhookSecretExpiresAt} > now() then ${merchants.previousWebhookSecretEncrypted} end`,
      })
      .from(merchants)
      .where(eq(merchants.id, row.merchantId));
    return main;
  }
  const E = webhookEndpoints;
  const [further] = await db
    .select({
      url: E.url,
      secret: E.secretEncrypted,
      disabled: sql<boolean>`${E.disabledAt} is not null`,
      removed: sql<boolean>`${E.removedAt} is not null`,
      previous: sql<
        string | null
      >`case when ${E.previousSecretExpiresAt} > now() then ${E.previousSecretEncrypted} end`,
    })
    .from(E)
    .where(eq(E.id, row.endpointId));
  return further;
}
