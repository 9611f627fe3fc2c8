import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sqlArray } from '../../db/sql-array';
import { sqlRows } from '../../db/sql-rows';

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
  /** Its last attempt failed (`webhook-endpoint-health.ts`): a success is to stop the clock. */
  failing: boolean;
};

type TargetOf = { merchantId: string; endpointId: string | null };

/** The key of an outbox row's endpoint in what `targetsOf` returns. */
export const targetKey = (row: TargetOf) => row.endpointId ?? `merchant:${row.merchantId}`;

/**
 * The endpoints of outbox rows as they are now (a URL or secret changed since an event was written
 * applies to its next attempt): a merchant's main one (callback URL), or a further endpoint. One
 * statement for every row a delivery pass claimed, by `targetKey`; a row whose endpoint is gone has
 * none.
 */
export async function targetsOf(db: Database, rows: readonly TargetOf[]): Promise<Map<string, WebhookTarget>> {
  const merchantIds = [...new Set(rows.filter((row) => row.endpointId === null).map((row) => row.merchantId))];
  const endpointIds = [...new Set(rows.flatMap((row) => (row.endpointId === null ? [] : [row.endpointId])))];
  if (merchantIds.length === 0 && endpointIds.length === 0) return new Map();
  const found = await sqlRows<WebhookTarget & { key: string }>(
    db,
    sql`
      select 'merchant:' || m.id as key, m.callback_url as url, m.webhook_secret_encrypted as secret,
        m.webhooks_disabled_at is not null as disabled, false as removed,
        m.webhook_failing_since is not null as failing,
        case when m.previous_webhook_secret_expires_at > now() then m.previous_webhook_secret_encrypted end as previous
      from merchants m where m.id = any(${sqlArray(merchantIds, 'uuid')})
      union all
      select e.id::text, e.url, e.secret_encrypted, e.disabled_at is not null, e.removed_at is not null,
        e.failing_since is not null,
        case when e.previous_secret_expires_at > now() then e.previous_secret_encrypted end
      from webhook_endpoints e where e.id = any(${sqlArray(endpointIds, 'uuid')})`,
  );
  return new Map(found.map(({ key, ...target }) => [key, target]));
}
