import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { redactedBodyJson } from './api-log-redaction';
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
  ip: string;
  requestBody: unknown;
  responseBody: unknown;
  at: Date;
};

export type ApiLogRecorderOptions = {
  /** How long a record waits for others before its batch is written. */
  flushMs?: number;
  /** A batch of this many is written at once. */
  batchMax?: number;
  /** Beyond this many waiting (the database down), the oldest are dropped and counted. */
  bufferMax?: number;
};

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
  const { flushMs = 250, batchMax = 500, bufferMax = 20_000 } = options;
  let buffer: ApiLogRecord[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let dropped = 0;

  async function writeAll(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.length > batchMax ? buffer.splice(0, batchMax) : buffer;
      if (batch === buffer) buffer = [];
      try {
        await insertApiLogBatch(deps.db, `[${batch.map(rowJson).join(',')}]`);
      } catch (error) {
        deps.logger.warn({ err: error, records: batch.length }, 'a batch of the API request log could not be written');
      }
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
      if (buffer.length > bufferMax) {
        dropped += buffer.length - bufferMax;
        buffer.splice(0, buffer.length - bufferMax);
        deps.logger.warn({ dropped }, 'the API request log is behind; the oldest waiting records were dropped');
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
