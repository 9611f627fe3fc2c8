import {
  bigserial,
  doublePrecision,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The merchant API's request log (contract api-logs/api-log.ts): one row per `/v1` request an API
 * token made, written in batches by the recorder (api-log-recorder.ts), bodies already redacted.
 * Kept API_LOG_RETENTION_DAYS and pruned by the hour. No foreign keys: the log is written off the
 * request's path and must not fail (or lock) for a token deleted meanwhile.
 *
 * A merchant's page walks (merchant_id, created_at DESC, id DESC); the prune finds old rows
 * through a BRIN index on created_at, which costs an append-only table almost nothing to keep.
 */
export const apiRequestLogs = pgTable(
  'api_request_logs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    merchantId: uuid('merchant_id').notNull(),
    apiTokenId: uuid('api_token_id'),
    method: text('method').notNull(),
    route: text('route'),
    url: text('url').notNull(),
    statusCode: integer('status_code').notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestId: text('request_id').notNull(),
    ip: inet('ip'),
    requestBody: jsonb('request_body'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull(),
  },
  (t) => [
    index('api_request_logs_merchant_created_id_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('api_request_logs_created_brin_idx').using('brin', t.createdAt),
  ],
);
