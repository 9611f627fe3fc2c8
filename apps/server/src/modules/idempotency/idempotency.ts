import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_HOURS, type IdempotencyCaller } from '@gerbang/contract';
import { and, eq, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** A claim older than this is taken to be from a process that died mid-request. */
const STALE_CLAIM_SECONDS = 60;

export type IdempotentResponse<T> = { status: number; body: T };

/** JSON with object keys sorted, so the same request hashes the same however it was written. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${canonicalJson(body)}`)
    .digest('hex');
}

const keyField = `headers.${IDEMPOTENCY_KEY_HEADER}`;

/** Whose key it is: the merchant, and the caller's key space (IDEMPOTENCY_CALLERS). */
export type KeyOwner = { merchantId: string; caller: IdempotencyCaller };

/** A claimed key, as the statement that stores its answer finds it (values or placeholders). */
export type KeyRef = { merchantId: unknown; caller: unknown; key: unknown };

/**
 * The statement that stores a key's answer: the request that claimed it is done. Run in the
 * transaction of the change it reports, or as a CTE of the one statement that makes it (reading
 * `body` `from` that statement's rows).
 */
export function storeAnswer(ref: KeyRef, status: unknown, body: SQLWrapper, from?: SQL): SQL {
  return sql`
    update idempotency_keys set status = 'done', response_status = ${status}::integer, response_body = ${body}
    ${from ? sql`from ${from}` : sql``}
    where merchant_id = ${ref.merchantId}::uuid and caller = ${ref.caller}::text and key = ${ref.key}::text`;
}

/** A key as a request claims it: whose, and the hash of the request (requestHash). */
export type KeyClaim = KeyRef & { hash: unknown };

/**
 * The statement that claims a key: inserts it, or takes over one past its 24 hours (forgotten, so
 * the merchant may use it again) or this same request's claim left by a process that died. It
 * returns the key when this request owns it; the unique key decides between concurrent claims.
 * Without `answer` the key is `running` until the change stores its answer (storeAnswer); with it,
 * the key is claimed already answered (`done`), by the one statement that makes the change (its
 * rows read `from` that statement's CTEs, and the change's rows depend on the claim's).
 */
export function claimKey(claim: KeyClaim, answer?: { status: unknown; body: SQLWrapper; from: SQL }): SQL {
  const owner = sql`${claim.merchantId}::uuid, ${claim.caller}::text, ${claim.key}::text, ${claim.hash}::text`;
  const values = answer
    ? sql`select ${owner}, 'done', ${answer.status}::integer, ${answer.body} from ${answer.from} where true`
    : sql`values (${owner}, 'running', null::integer, null::jsonb)`;
  return sql`
    insert into idempotency_keys (merchant_id, caller, key, request_hash, status, response_status, response_body)
    ${values}
    on conflict (merchant_id, caller, key) do update
      set request_hash = excluded.request_hash, status = excluded.status, response_status = excluded.response_status,
          response_body = excluded.response_body, locked_at = now(), created_at = now()
      where idempotency_keys.created_at < now() - ${`${IDEMPOTENCY_KEY_TTL_HOURS} hours`}::interval
         or (idempotency_keys.status = 'running' and idempotency_keys.request_hash = excluded.request_hash
             and idempotency_keys.locked_at < now() - ${`${STALE_CLAIM_SECONDS} seconds`}::interval)
    returning key`;
}

/**
 * Idempotency keys (Stripe's rules, but for errors): the first request with a key runs and its
 * answer is kept; the same request again gets that answer (same status, same body); another
 * request with the key gets 422; a request while the first is still running gets 409 (or, when the
 * change is one statement, waits for it and gets its answer). An answer is stored in the same
 * transaction as the change it reports, so a replay can never disagree with the database. A request that fails stores nothing: the key is released and may be used again
 * (Stripe stores errors too). Keys are scoped by merchant and by caller: a public payment link can
 * never use up, or answer with, a key of the merchant's own server.
 */
export function createIdempotency(db: Database) {
  const where = (owner: KeyOwner, key: string) =>
    and(
      eq(idempotencyKeys.merchantId, owner.merchantId),
      eq(idempotencyKeys.caller, owner.caller),
      eq(idempotencyKeys.key, key),
    );

  /** True when this request now owns the key (claimKey, `running`). */
  async function claim(owner: KeyOwner, key: string, hash: string): Promise<boolean> {
    const result = await db.execute(claimKey({ ...owner, key, hash }));
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }

  /**
   * The answer to a request whose key another request claimed: the key's stored answer; 422 for
   * another request with the key; 409 while the first still runs.
   */
  async function replay<T>(scope: KeyOwner & { key: string }, hash: string): Promise<IdempotentResponse<T>> {
    const [row] = await db.select().from(idempotencyKeys).where(where(scope, scope.key));
    if (!row) throw new AppError('CONFLICT', 'This Idempotency-Key was just released; send the request again');
    if (row.requestHash !== hash) {
      throw new AppError('VALIDATION_FAILED', `Invalid input: ${keyField}`, {
        fields: { [keyField]: 'This Idempotency-Key was already used with another request' },
      });
    }
    if (row.status === 'running') {
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed; retry shortly');
    }
    return { status: row.responseStatus ?? 200, body: row.responseBody as T };
  }

  return {
    /**
     * The request's change runs in a transaction that also stores its answer; when it fails, the
     * key is released (nothing was stored).
     */
    async run<T>(
      scope: KeyOwner & { key: string; route: string; body: unknown },
      execute: (tx: Database) => Promise<IdempotentResponse<T>>,
    ): Promise<IdempotentResponse<T>> {
      const hash = requestHash(scope.route, scope.body);
      if (!(await claim(scope, scope.key, hash))) return replay<T>(scope, hash);
      try {
        return await db.transaction(async (tx) => {
          const response = await execute(tx);
          await tx.execute(storeAnswer(scope, response.status, sql`${JSON.stringify(response.body)}::jsonb`));
          return response;
        });
      } catch (error) {
        await db.delete(idempotencyKeys).where(and(where(scope, scope.key), eq(idempotencyKeys.status, 'running')));
        throw error;
      }
    },

    /**
     * The same contract for a change made by one statement that claims the key already answered
     * (claimKey with its answer, as one of its CTEs): atomic without a transaction around it, and
     * a request that fails leaves no key behind. `execute` runs the statement with the key's claim
     * and returns its answer, or null when the statement did not claim the key (another request
     * did): then that request's answer is replayed. A second request with the key waits for the
     * first's statement (the unique key) and replays its answer.
     */
    async runAsOneStatement<T>(
      scope: KeyOwner & { key: string; route: string; body: unknown },
      execute: (claim: KeyClaim) => Promise<IdempotentResponse<T> | null>,
    ): Promise<IdempotentResponse<T>> {
      const hash = requestHash(scope.route, scope.body);
      const claim: KeyClaim = { merchantId: scope.merchantId, caller: scope.caller, key: scope.key, hash };
      return (await execute(claim)) ?? replay<T>(scope, hash);
    },

    /** Drops keys past their 24 hours (run by the scheduler). */
    async sweep(): Promise<number> {
      const gone = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - ${`${IDEMPOTENCY_KEY_TTL_HOURS} hours`}::interval`))
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
