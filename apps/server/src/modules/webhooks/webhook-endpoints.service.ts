import {
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointBody,
  type RotateWebhookEndpointSecretBody,
  type UpdateWebhookEndpointByIdBody,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_NOT_SENT,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type WebhookEndpointItem,
} from '@gerbang/contract';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { SecretBox } from '../../crypto/secret-box';
import type { Database } from '../../db/database';
import { isoText } from '../../db/iso-text';
import { merchants, webhookEndpoints, webhookEvents } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { newWebhookSecret, WEBHOOK_SECRET_CONTEXT } from '../merchants/merchants.service';
import { callbackUrlProblem } from './webhook-destination';

type Actor = { userId: string; ip: string };

const E = webhookEndpoints;
const itemColumns = {
  id: E.id,
  url: E.url,
  description: E.description,
  eventTypes: E.eventTypes,
  failingSince: isoText(E.failingSince),
  disabledAt: isoText(E.disabledAt),
  previousSecretExpiresAt: sql<
    string | null
  >`case when ${E.previousSecretExpiresAt} > now() then ${isoText(E.previousSecretExpiresAt)} end`,
  createdAt: isoText(E.createdAt),
};

/**
 * A merchant's further webhook endpoints (merchant console → Webhooks): each with the event types
 * it subscribes to and a secret of its own, shown once and rotated as the main endpoint's is (the
 * previous one signing beside it for a day, or stopped at once). A URL webhooks may not reach is
 * refused when set (each delivery checks again). Every change is audited with its actor.
 */
export function createWebhookEndpointsService(deps: {
  db: Database;
  secretBox: SecretBox;
  allowPrivateCallbacks: boolean;
}) {
  const { db } = deps;
  const live = (merchantId: string, id: string) => and(eq(E.id, id), eq(E.merchantId, merchantId), isNull(E.removedAt));

  async function checkUrl(url: string | undefined): Promise<void> {
    if (url === undefined) return;
    const problem = await callbackUrlProblem(url, deps.allowPrivateCallbacks);
    if (problem) throw invalidFields({ 'body.url': problem });
  }

  async function find(tx: Database, merchantId: string, id: string): Promise<WebhookEndpointItem> {
    const [item] = await tx.select(itemColumns).from(E).where(live(merchantId, id));
    if (!item) throw notFound('Webhook endpoint');
    return item;
  }

  const audit = (tx: Database, actor: Actor, action: string, id: string, details: Record<string, unknown>) =>
    createAuditRepository(tx).insert({
      actorUserId: actor.userId,
      action,
      targetType: 'webhook_endpoint',
      targetId: id,
      ip: actor.ip,
      details,
    });

  return {
    /** Whether saving `url` would send the endpoint's events somewhere new (false when it is not found). */
    async changesUrl(merchantId: string, id: string, url: string): Promise<boolean> {
      const [row] = await db.select({ url: E.url }).from(E).where(live(merchantId, id));
      return row !== undefined && row.url !== url;
    },

    list: (merchantId: string): Promise<WebhookEndpointItem[]> =>
      db
        .select(itemColumns)
        .from(E)
        .where(and(eq(E.merchantId, merchantId), isNull(E.removedAt)))
        .orderBy(asc(E.createdAt), asc(E.id)),

    /** A new endpoint with its secret, shown this once; at most WEBHOOK_ENDPOINTS_MAX per merchant. */
    async create(actor: Actor, merchantId: string, body: CreateWebhookEndpointBody): Promise<CreatedWebhookEndpoint> {
      await checkUrl(body.url);
      const secret = newWebhookSecret();
      return db.transaction(async (tx) => {
        // The merchant's row serializes its creations, so two at once cannot pass the limit together.
        await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('no key update');
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(E)
          .where(and(eq(E.merchantId, merchantId), isNull(E.removedAt)));
        if (count >= WEBHOOK_ENDPOINTS_MAX) {
          throw new AppError(
            'CONFLICT',
            `A merchant has at most ${WEBHOOK_ENDPOINTS_MAX} further endpoints: remove one before adding another`,
          );
        }
        const [row] = await tx
          .insert(E)
          .values({
            merchantId,
            url: body.url,
            description: body.description ?? null,
            eventTypes: [...body.eventTypes],
            secretEncrypted: deps.secretBox.encrypt(secret, WEBHOOK_SECRET_CONTEXT),
          })
          .returning({ id: E.id });
        const id = (row as { id: string }).id;
        await audit(tx, actor, AUDIT_ACTIONS.webhookEndpointCreated, id, {
          merchantId,
          url: body.url,
          eventTypes: body.eventTypes,
        });
        return { ...(await find(tx, merchantId, id)), secret };
      });
    },

    /** Its URL, event types or description; saving the URL (even unchanged) turns a disabled endpoint back on. */
    async update(
      actor: Actor,
      merchantId: string,
      id: string,
      body: UpdateWebhookEndpointByIdBody,
    ): Promise<WebhookEndpointItem> {
      await checkUrl(body.url);
      return db.transaction(async (tx) => {
        const before = await find(tx, merchantId, id);
        // A new URL, or saving the URL of a disabled endpoint, sends again with a fresh clock; an
        // unchanged URL saved with other fields leaves a failing endpoint's clock running.
        const resumes = body.url !== undefined && (body.url !== before.url || before.disabledAt !== null);
        await tx
          .update(E)
          .set({
            ...(body.url !== undefined ? { url: body.url } : {}),
            ...(resumes ? { disabledAt: null, failingSince: null } : {}),
            ...(body.eventTypes !== undefined ? { eventTypes: [...body.eventTypes] } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            updatedAt: sql`now()`,
          })
          .where(live(merchantId, id));
        const after = await find(tx, merchantId, id);
        const diff: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of ['url', 'eventTypes', 'description'] as const) {
          if (body[key] !== undefined && JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
            diff[key] = { from: before[key], to: after[key] };
          }
        }
        if (resumes && before.disabledAt) diff.webhooks = { from: 'disabled', to: 'sending' };
        if (Object.keys(diff).length > 0) await audit(tx, actor, AUDIT_ACTIONS.webhookEndpointUpdated, id, diff);
        return after;
      });
    },

    /** Receives nothing more: its waiting deliveries are kept as not sent; its past ones stay listed. */
    async remove(actor: Actor, merchantId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await tx
          .update(E)
          .set({ removedAt: sql`now()`, updatedAt: sql`now()` })
          .where(live(merchantId, id))
          .returning({ url: E.url });
        if (removed.length === 0) throw notFound('Webhook endpoint');
        // A delivery under way finishes; its outcome is recorded as any other.
        await tx
          .update(webhookEvents)
          // The claim goes too: a delivery whose lease ran out records nothing over this.
          .set({ status: 'skipped', lastError: WEBHOOK_NOT_SENT.removed, claimId: null })
          .where(
            and(
              eq(webhookEvents.endpointId, id),
              eq(webhookEvents.status, 'pending'),
              or(isNull(webhookEvents.lockedUntil), lte(webhookEvents.lockedUntil, sql`now()`)),
            ),
          );
        await audit(tx, actor, AUDIT_ACTIONS.webhookEndpointRemoved, id, { merchantId, url: removed[0]?.url });
      });
    },

    /**
     * A new secret, shown this once; the previous one signs beside it for WEBHOOK_PREVIOUS_SECRET_HOURS
     * or stops at once. Keeping it while an older one still signs would cut a receiver off: refused.
     */
    async rotateSecret(
      actor: Actor,
      merchantId: string,
      id: string,
      previous: RotateWebhookEndpointSecretBody['previousSecret'] = 'keep_24_hours',
    ): Promise<CreatedWebhookEndpoint> {
      const secret = newWebhookSecret();
      const keepUntil =
        previous === 'keep_24_hours' ? new Date(Date.now() + WEBHOOK_PREVIOUS_SECRET_HOURS * 3_600_000) : null;
      return db.transaction(async (tx) => {
        const current = await find(tx, merchantId, id);
        const rotated = await tx
          .update(E)
          .set({
            secretEncrypted: deps.secretBox.encrypt(secret, WEBHOOK_SECRET_CONTEXT),
            previousSecretEncrypted: keepUntil ? sql`${E.secretEncrypted}` : null,
            previousSecretExpiresAt: keepUntil,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              live(merchantId, id),
              keepUntil ? or(isNull(E.previousSecretExpiresAt), lte(E.previousSecretExpiresAt, sql`now()`)) : undefined,
            ),
          )
          .returning({ id: E.id });
        if (rotated.length === 0) {
          throw new AppError(
            'CONFLICT',
            `The secret before the current one still signs until ${current.previousSecretExpiresAt}: rotate with previousSecret expire_now (your receivers must hold the new secret at once), or after that time`,
          );
        }
        await audit(tx, actor, AUDIT_ACTIONS.webhookEndpointSecretRotated, id, {
          merchantId,
          previousSecretExpiresAt: keepUntil?.toISOString() ?? null,
        });
        return { ...(await find(tx, merchantId, id)), secret };
      });
    },
  };
}
export type WebhookEndpointsService = ReturnType<typeof createWebhookEndpointsService>;
