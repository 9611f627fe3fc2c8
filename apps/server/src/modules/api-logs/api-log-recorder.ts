import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { type KeptBody, keptSize, redactedBodyJson } from './api-log-redaction';
import { insertApiLogBatch } from './api-logs.repository';

/** One `/v1` request as the recorder takes it, its bodies as they were (redacted when written). */
export type ApiLogRecord = {
  merchantId: string;
  tokenId: string;
  method: string;
  route: string | null;
  url: string;
  status: number;
  durationMs: number;
  idempotencyKey: string | null;
  requestId: string;
  ip: string | null;
  requestBody: KeptBody;
  responseBody: KeptBody;
  at: Date;
};

export type ApiLogRecorderOptions = {
  /** How long a record waits for others before its batch is written. */
  flushMs?: number;
  /** A batch of this many is written at once. */
  batchMax?: number;
  /** Beyond this many characters of bodies waiting (the database down), the oldest are dropped and counted. */
  bufferMaxChars?: number;
};

/** What a record holds in memory besides its bodies, roughly. */
const RECORD_OVERHEAD = 400;
const sizeOf = (r: ApiLogRecord) => RECORD_OVERHEAD + keptSize(r.requestBody) + keptSize(r.responseBody);
/** A failed write is told once a minute at most, with its count, never with the rows. */
const WARN_EVERY_MS = 60_000;

/** One record as a row of the batch's JSON (the columns jsonb_to_recordset reads). */
function rowJson(r: ApiLogRecord): string {
  return `{"merchant_id":${JSON.stringify(r.merchantId)},"api_token_id":${JSON.stringify(r.tokenId)},"method":${JSON.stringify(r.method)},"route":${JSON.stringify(r.route)},"url":${JSON.stringify(r.url)},"status_code":${r.status},"duration_ms":${Math.round(r.durationMs * 10) / 10},"idempotency_key":${JSON.stringify(r.idempotencyKey)},"request_id":${JSON.stringify(r.requestId)},"ip":${JSON.stringify(r.ip)},"request_body":${redactedBodyJson(r.requestBody)},"response_body":${redactedBodyJson(r.responseBody)},"created_at":"${r.at.toISOString()}"}`;
}

/**
 * Writes the request log off the requests' path: a request only appends its record; the records
 * of up to `flushMs` (or `batchMax` of them) are redacted and written together in one statement,
 * one write at a time. A record is lost only if the process dies before its batch is written (at
 * most `flushMs` of requests), or if the database refuses the batch (logged): the log is for
 * support and reconciliation with the merchant's own records, never what money relies on.
 */
export function createApiLogRecorder(
  deps: { db: Database; logger: Pick<FastifyBaseLogger, 'warn'> },
  options: ApiLogRecorderOptions = {},
) {
  const { flushMs = 250, batchMax = 500, bufferMaxChars = 64 * 1024 * 1024 } = options;
  let buffer: ApiLogRecord[] = [];
  let bufferChars = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let dropped = 0;
  let lost = 0;
  let warnedAt = Number.NEGATIVE_INFINITY;

  function warn(message: string, error?: unknown) {
    if (performance.now() - warnedAt < WARN_EVERY_MS) return;
    warnedAt = performance.now();
    // The message alone: a driver's error carries the statement's parameters (every row).
    const reason =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message).slice(0, 300) : undefined;
    deps.logger.warn({ dropped, lost, reason }, message);
  }

  /** A batch in one statement; when the database refuses it, each row alone, so a bad row loses only itself. */
  async function write(batch: ApiLogRecord[]): Promise<void> {
    try {
      await insertApiLogBatch(deps.db, `[${batch.map(rowJson).join(',')}]`);
      return;
    } catch (error) {
      if (batch.length === 1) {
        lost += 1;
        return warn('a record of the API request log could not be written', error);
      }
    }
    for (const record of batch) await write([record]);
  }

  async function writeAll(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.length > batchMax ? buffer.splice(0, batchMax) : buffer;
      if (batch === buffer) buffer = [];
      for (const record of batch) bufferChars -= sizeOf(record);
      await write(batch);
    }
  }

  const later = () => {
    if (!timer) timer = setTimeout(() => void flush(), flushMs).unref();
  };

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!writing) {
      writing = writeAll().finally(() => {
        writing = null;
        // Recorded after the last batch was taken and before this write ended.
        if (buffer.length > 0) later();
      });
    }
    return writing;
  }

  return {
    record(entry: ApiLogRecord): void {
      buffer.push(entry);
      bufferChars += sizeOf(entry);
      while (bufferChars > bufferMaxChars && buffer.length > 1) {
        bufferChars -= sizeOf(buffer.shift() as ApiLogRecord);
        dropped += 1;
        warn('the API request log is behind; the oldest waiting records were dropped');
      }
      if (buffer.length >= batchMax) void flush();
      else if (!writing) later();
    },

    /** Writes everything recorded so far (tests, and the app's close). */
    async flush(): Promise<void> {
      // A write in flight may have taken its batch before the latest records came: write until none wait.
      do await flush();
      while (buffer.length > 0);
    },
  };
}
export type ApiLogRecorder = ReturnType<typeof createApiLogRecorder>;
