import type { ApiLogDetail, ApiLogEntry } from '@gerbang/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText, isoText } from '../../db/iso-text';
import { apiRequestLogs, apiTokens } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

/** A batch of records (JSON text of an array of rows, redacted) written in one statement. */
export async function insertApiLogBatch(db: Database, rowsJson: string): Promise<void> {
  await db.execute(sql`
    insert into api_request_logs (merchant_id, api_token_id, method, route, url, status_code, duration_ms,
      idempotency_key, request_id, ip, request_body, response_body, created_at)
    select merchant_id, api_token_id, method, route, url, status_code, duration_ms,
      idempotency_key, request_id, ip, request_body, response_body, created_at
    from jsonb_to_recordset(${rowsJson}::jsonb) as r(merchant_id uuid, api_token_id uuid, method text,
      route text, url text, status_code integer, duration_ms double precision, idempotency_key text,
      request_id text, ip inet, request_body jsonb, response_body jsonb, created_at timestamptz)`);
}

/** What the log page may be narrowed by; `merchantId` is always set (a merchant's scope or an operator's choice). */
export type ApiLogFilter = {
  merchantId: string;
  method?: string;
  route?: string;
  statusClass?: '2xx' | '4xx' | '5xx';
  requestId?: string;
  idempotencyKey?: string;
  createdFrom?: string;
  createdTo?: string;
};

const L = apiRequestLogs;
const entryColumns = {
  id: sql<string>`${L.id}::text`.as('id'),
  createdAt: isoText(L.createdAt).as('createdAt'),
  merchantId: L.merchantId,
  method: L.method,
  route: L.route,
  url: L.url,
  status: L.statusCode,
  durationMs: L.durationMs,
  tokenId: L.apiTokenId,
  tokenPrefix: apiTokens.prefix,
  tokenName: apiTokens.name,
  idempotencyKey: L.idempotencyKey,
  requestId: L.requestId,
  // host(): the address alone (inet's text cast would add its /32).
  ip: sql<string | null>`host(${L.ip})`.as('ip'),
};

const STATUS_FROM = { '2xx': 200, '4xx': 400, '5xx': 500 } as const;

function conditionsOf(filter: ApiLogFilter, after?: KeysetCursor): SQL | undefined {
  const from = filter.statusClass ? STATUS_FROM[filter.statusClass] : undefined;
  return and(
    eq(L.merchantId, filter.merchantId),
    filter.method ? eq(L.method, filter.method) : undefined,
    filter.route ? eq(L.route, filter.route) : undefined,
    from !== undefined ? sql`${L.statusCode} >= ${from} and ${L.statusCode} < ${from + 100}` : undefined,
    filter.requestId ? eq(L.requestId, filter.requestId) : undefined,
    filter.idempotencyKey ? eq(L.idempotencyKey, filter.idempotencyKey) : undefined,
    filter.createdFrom ? sql`${L.createdAt} >= ${filter.createdFrom}::timestamptz` : undefined,
    filter.createdTo ? sql`${L.createdAt} < ${filter.createdTo}::timestamptz` : undefined,
    after ? sql`(${L.createdAt}, ${L.id}) < (${after.at}::timestamptz, ${after.id}::bigint)` : undefined,
  );
}

/** The request log's reads: a merchant's page newest first along its index, one entry, and the prune. */
export function createApiLogsRepository(db: Database) {
  return {
    /** A keyset page (limit + 1 rows), each with its cursor time. */
    page(filter: ApiLogFilter, limit: number, after?: KeysetCursor): Promise<(ApiLogEntry & { cursorAt: string })[]> {
      return db
        .select({ ...entryColumns, cursorAt: cursorText(L.createdAt).as('cursorAt') })
        .from(L)
        .leftJoin(apiTokens, eq(apiTokens.id, L.apiTokenId))
        .where(conditionsOf(filter, after))
        .orderBy(sql`${L.createdAt} desc nulls last`, sql`${L.id} desc nulls last`)
        .limit(limit + 1);
    },

    /** One entry with its bodies, within `merchantId` when given (a Merchant user's scope). */
    async find(id: string, merchantId: string | undefined): Promise<ApiLogDetail | null> {
      const rows = await db
        .select({ ...entryColumns, requestBody: L.requestBody, responseBody: L.responseBody })
        .from(L)
        .leftJoin(apiTokens, eq(apiTokens.id, L.apiTokenId))
        .where(and(eq(L.id, BigInt(id)), merchantId ? eq(L.merchantId, merchantId) : undefined))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Deletes up to `batch` entries older than `days`; returns how many went. */
    async prune(days: number, batch: number): Promise<number> {
      const result = await db.execute(sql`
        with gone as (
          delete from api_request_logs where id in (
            select id from api_request_logs where created_at < now() - make_interval(days => ${days}) limit ${batch})
          returning 1)
        select count(*)::int as n from gone`);
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    },
  };
}
export type ApiLogsRepository = ReturnType<typeof createApiLogsRepository>;
