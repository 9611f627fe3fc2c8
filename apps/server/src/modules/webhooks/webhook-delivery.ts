import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_NOT_SENT, WEBHOOK_SIGNATURE_HEADER } from '@gerbang/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../crypto/secret-box';
import type { Database } from '../../db/database';
import { webhookDeliveries, webhookEvents } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { WEBHOOK_SECRET_CONTEXT } from '../merchants/merchants.service';
import type { WebhookFetch } from './webhook-destination';
import { recordEndpointHealth } from './webhook-endpoint-health';
import { signWebhook } from './webhook-signature';
import { targetKey, targetsOf, type WebhookTarget } from './webhook-target';

/**
 * How long a claimed event is left to one instance before another may take it over: longer than
 * a delivery may take (the receiver's timeout), with room for the database round trips around it.
 */
const CLAIM_MARGIN_SECONDS = 30;
/** Deliveries one instance has in flight at most; a slow receiver holds one of them, not the rest. */
const MAX_IN_FLIGHT = 20;
const POLL_MS = 1_000;
const KICK_DELAY_MS = 50;
const RESPONSE_EXCERPT = 200;

type EventRow = typeof webhookEvents.$inferSelect;
/** How an attempt ended, as the metrics count it. */
type AttemptOutcome = 'delivered' | 'failed' | 'retry_scheduled';

/** ±20 %: retries of many events that failed together do not all come back at once. */
const jittered = (seconds: number, random: () => number) => Math.round(seconds * (0.8 + 0.4 * random()));

/**
 * Delivers the outbox. Every instance polls, and is woken by changes; it keeps up to MAX_IN_FLIGHT
 * deliveries going, each started as soon as its event is claimed (one slow receiver holds one place,
 * not a batch). An event is claimed with FOR UPDATE SKIP LOCKED and a lease with a claim id, so one
 * delivery of an event is in flight at a time across instances, and
 * only the holder of the claim records its outcome (a delivery that outlived its lease is logged,
 * nothing more). A subject's events go out in sequence: an event is not claimed while an earlier
 * one of its subject is pending. Each attempt is logged (status code, duration, error); a failure
 * is retried after the next configured delay, and after the last one the event is failed (a person
 * can resend it), which lets the subject's next event go.
 */
/** Who asks for a resend (audited). */
export type Actor = { userId: string; ip: string };

/** Claimed by a delivery pass whose lease has not run out. */
const inFlightSql = sql<boolean>`${webhookEvents.status} = 'pending' and ${webhookEvents.lockedUntil} > now()`;

export function createWebhookDelivery(deps: {
  db: Database;
  secretBox: SecretBox;
  logger: FastifyBaseLogger;
  retryDelaysSeconds: readonly number[];
  timeoutMs: number;
  /** Reaches the callback URL only at addresses webhooks may go to (webhook-destination.ts). */
  fetch: WebhookFetch;
  random?: () => number;
  /** Told how each attempt ended (the metrics count them). */
  onAttempt?: (outcome: AttemptOutcome) => void;
}) {
  const { db } = deps;
  const random = deps.random ?? Math.random;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const leaseSeconds = Math.ceil(deps.timeoutMs / 1000) + CLAIM_MARGIN_SECONDS;
  /** Whether each endpoint is failing, as this instance last wrote it (by `targetKey`). */
  const healthWritten = new Map<string, boolean>();

  /** Leases up to `limit` due events and returns them: one statement. */
  async function claim(limit: number): Promise<EventRow[]> {
    return db
      .update(webhookEvents)
      .set({ lockedUntil: sql`now() + ${`${leaseSeconds} seconds`}::interval`, claimId: sql`gen_random_uuid()` })
      .where(sql`${webhookEvents.id} in (
        select e.id from ${webhookEvents} e
        where e.status = 'pending' and e.next_attempt_at <= now() and (e.locked_until is null or e.locked_until < now())
          and not exists (
            select 1 from ${webhookEvents} earlier
            where earlier.subject_id = e.subject_id and earlier.endpoint_id is not distinct from e.endpoint_id
              and earlier.status = 'pending' and earlier.sequence < e.sequence)
        order by e.next_attempt_at
        limit ${limit}
        for update skip locked
      )`)
      .returning();
  }

  /**
   * Logs the attempt and, if the claim is still this pass's, records its outcome on the event: one
   * statement (atomic as a transaction of two would be, one round trip instead of four). The
   * outcome recorded, or null when the claim had passed to another instance.
   */
  async function record(
    event: EventRow,
    attempt: { number: number; url: string; statusCode: number | null; durationMs: number; error: string | null },
  ): Promise<AttemptOutcome | null> {
    const delay = deps.retryDelaysSeconds[attempt.number - 1];
    const [outcome, written]: [AttemptOutcome, SQL] =
      attempt.error === null
        ? ['delivered', sql`status = 'delivered', delivered_at = now(), last_error = null`]
        : delay === undefined
          ? ['failed', sql`status = 'failed', last_error = ${attempt.error}`]
          : [
              'retry_scheduled',
              sql`last_error = ${attempt.error}, next_attempt_at = now() + ${`${jittered(delay, random)} seconds`}::interval`,
            ];
    const result = await db.execute(sql`
      with logged as (
        insert into ${webhookDeliveries} (event_id, attempt, url, status_code, duration_ms, error)
        values (${event.id}, ${attempt.number}, ${attempt.url}, ${attempt.statusCode}, ${attempt.durationMs}, ${attempt.error})
      ), recorded as (
        update ${webhookEvents} set ${written}, attempts = ${attempt.number}, locked_until = null
        where id = ${event.id} and claim_id = ${event.claimId}
        returning id
      )
      select count(*)::int as recorded from recorded`);
    return (result as unknown as { rows: { recorded: number }[] }).rows[0]?.recorded === 1 ? outcome : null;
  }

  async function deliver(event: EventRow, target: WebhookTarget | undefined): Promise<void> {
    const held = and(eq(webhookEvents.id, event.id), eq(webhookEvents.claimId, event.claimId as string));
    if (!target?.url || target.disabled || target.removed) {
      const why = !target?.url
        ? WEBHOOK_NOT_SENT.noCallbackUrl
        : target.removed
          ? WEBHOOK_NOT_SENT.removed
          : WEBHOOK_NOT_SENT.disabled;
      await db.update(webhookEvents).set({ status: 'skipped', lockedUntil: null, lastError: why }).where(held);
      return;
    }
    const url = target.url;
    const body = JSON.stringify(event.body);
    const secrets = [target.secret, target.previous]
      .filter((sealed): sealed is string => sealed !== null)
      .map((sealed) => deps.secretBox.decrypt(sealed, WEBHOOK_SECRET_CONTEXT));
    const attempt = event.attempts + 1;
    const startedAt = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await deps.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Gerbang-Webhooks/1.0',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secrets, body, Math.floor(Date.now() / 1000)),
          // The event's id, which every endpoint it goes to is sent (the main one's row has it too).
          [WEBHOOK_EVENT_ID_HEADER]: String(event.body.id ?? event.id),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
      statusCode = response.status;
      if (statusCode < 200 || statusCode >= 300) {
        error = `HTTP ${statusCode}: ${(await response.text().catch(() => '')).slice(0, RESPONSE_EXCERPT)}`;
      } else {
        await response.body?.cancel();
      }
    } catch (failure) {
      const name = (failure as Error).name;
      error =
        name === 'TimeoutError'
          ? `No answer within ${deps.timeoutMs} ms`
          : `${(failure as Error).message}${(failure as { cause?: Error }).cause ? `: ${(failure as { cause: Error }).cause.message}` : ''}`;
    }
    const durationMs = Math.round(performance.now() - startedAt);
    const outcome = await record(event, { number: attempt, url, statusCode, durationMs, error });
    if (!outcome) {
      // The lease ran out and another instance took the event over: its outcome stands.
      deps.logger.warn({ eventId: event.id, attempt }, 'webhook delivery outlived its claim; outcome not recorded');
      return;
    }
    deps.onAttempt?.(outcome);
    // Written only when the attempt changes what the endpoint's row said when the pass read it, or
    // what this instance last wrote there since (deliveries to one endpoint run side by side): a
    // healthy endpoint's successes write nothing. A statement of its own: in the record's, an error
    // or a lock wait on the endpoint's row (an endpoint being removed holds it, then its events)
    // would lose the attempt's record.
    const failed = error !== null;
    const key = targetKey(event);
    if (target.failing !== failed || (healthWritten.get(key) ?? failed) !== failed) {
      await recordEndpointHealth(db, event, !failed);
      healthWritten.set(key, failed);
    }
  }

  /** Deliveries under way; each, when it ends, frees its place for the next due event. */
  const inFlight = new Set<Promise<void>>();
  /** Set by stop(): no new pass starts, the deliveries under way finish. */
  let stopping = false;

  /**
   * Claims due events into the free places and starts their deliveries without waiting for them:
   * a receiver that is slow to answer holds its own delivery, never the next claim. When a delivery
   * ends, a pass runs soon (the subject's next event may now be due, and a place is free).
   */
  async function fill(): Promise<void> {
    for (;;) {
      const room = MAX_IN_FLIGHT - inFlight.size;
      if (room <= 0) return;
      const events = await claim(room);
      // Read once for the claimed events; if the read fails, they wait for their lease as they would
      // had the claim itself failed.
      const targets = events.length > 0 ? await targetsOf(db, events) : new Map<string, WebhookTarget>();
      for (const event of events) {
        const delivery: Promise<void> = deliver(event, targets.get(targetKey(event)))
          .catch((error) => deps.logger.error({ err: error, eventId: event.id }, 'webhook delivery failed'))
          .finally(() => {
            inFlight.delete(delivery);
            if (!stopping) void kick();
          });
        inFlight.add(delivery);
      }
      if (events.length < room) return;
    }
  }

  /** Runs a pass now (or right after the running one). */
  function pass(): Promise<void> {
    if (stopping) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await fill();
        } catch (error) {
          deps.logger.error({ err: error }, 'webhook delivery pass failed');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * Called after a change commits: a pass now, or, when one ran less than KICK_DELAY_MS ago, at the
   * end of that interval. Changes in a burst share a pass (at most one every KICK_DELAY_MS), so a
   * busy checkout does not cost a claim query per session, and a lone change waits for none.
   */
  let kicked: Promise<void> | null = null;
  let lastKickedPassAt = Number.NEGATIVE_INFINITY;
  function kick(): Promise<void> {
    kicked ??= new Promise<void>((resolve) =>
      setTimeout(resolve, Math.max(0, lastKickedPassAt + KICK_DELAY_MS - performance.now())),
    ).then(() => {
      kicked = null;
      lastKickedPassAt = performance.now();
      return pass();
    });
    return kicked;
  }

  return {
    kick,
    start() {
      stopping = false;
      timer ??= setInterval(() => void pass(), POLL_MS);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await kicked;
      await running;
      await Promise.all(inFlight);
    },
    /**
     * A person asks for another delivery now (a failed, skipped, delivered or waiting event; not
     * one being delivered this moment, which would then go out twice at once). Audited in the same
     * transaction. A Merchant user passes its merchant: another merchant's event is not found.
     */
    async resend(actor: Actor, eventId: string, merchantId?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [event] = await tx
          .select({ status: webhookEvents.status, type: webhookEvents.type, inFlight: inFlightSql })
          .from(webhookEvents)
          .where(and(eq(webhookEvents.id, eventId), merchantId ? eq(webhookEvents.merchantId, merchantId) : undefined))
          .for('update');
        if (!event) throw notFound('Webhook event');
        if (event.inFlight) throw new AppError('INVALID_STATE', 'This event is being delivered right now');
        await tx
          .update(webhookEvents)
          .set({ status: 'pending', nextAttemptAt: sql`now()`, lockedUntil: null })
          .where(eq(webhookEvents.id, eventId));
        await createAuditRepository(tx).insert({
          actorUserId: actor.userId,
          action: AUDIT_ACTIONS.webhookResent,
          targetType: 'webhook_event',
          targetId: eventId,
          ip: actor.ip,
          details: { type: event.type, previousStatus: event.status },
        });
      });
      void pass();
    },
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
