import { z } from 'zod';
import {
  createdRangeIsOrdered,
  idSchema,
  isoDateTimeSchema,
  pageQuerySchema,
  pageSchema,
  serialIdSchema,
} from '../common';
import { getApiBalance } from '../ledger/balance';
import { createApiPaymentSession, getApiPaymentSession } from '../payments/payment-session';
import { createApiRefund } from '../payments/refund';
import { cancelApiWithdrawal, createApiWithdrawal, getApiWithdrawal } from '../withdrawals/customer-withdrawal';

/**
 * The merchant API's request log (issue 33): every `/v1` request a merchant's API token made, kept
 * API_LOG_RETENTION_DAYS (server setting, 14 by default), its bodies with secrets and personal
 * fields redacted before they are stored. A merchant reads its own; operators with apiLogs:view
 * open a merchant's for support.
 */
export const API_LOG_RETENTION_DAYS = 14;

/** The merchant API's routes, as a log entry names them (a filter of the page); a list shares its create route's path, the method tells them apart. */
export const API_LOG_ROUTES = [
  createApiPaymentSession.path,
  getApiPaymentSession.path,
  createApiRefund.path,
  getApiBalance.path,
  createApiWithdrawal.path,
  getApiWithdrawal.path,
  cancelApiWithdrawal.path,
] as const;
export const apiLogRouteSchema = z.enum(API_LOG_ROUTES, { error: 'Choose one of the API’s routes' });

export const API_LOG_METHODS = ['GET', 'POST'] as const;
export const API_LOG_STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;

export const apiLogIdSchema = serialIdSchema('A log entry');
export const apiLogParamsSchema = z.strictObject({ id: apiLogIdSchema });

/** What a field's value is replaced with in a stored body (an account number or a phone keeps its last four). */
export const API_LOG_REDACTED = '[redacted]';

/** One request as the log page lists it. */
export const apiLogEntrySchema = z.object({
  id: apiLogIdSchema,
  createdAt: isoDateTimeSchema,
  merchantId: idSchema,
  method: z.string(),
  /** The route's pattern (`/v1/payment-sessions/:id`); null for a path no route has. */
  route: z.string().nullable(),
  /** The path and query the client sent. */
  url: z.string(),
  status: z.number().int(),
  /** From the request's arrival to the answer's last byte handed to the socket, in milliseconds. */
  durationMs: z.number(),
  /** The token's id and its shown prefix (`gbk_` and eight characters), as the API Tokens page shows it. */
  tokenId: idSchema.nullable(),
  tokenPrefix: z.string().nullable(),
  tokenName: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  /** The `x-request-id` the answer carried. */
  requestId: z.string(),
  ip: z.string().nullable(),
});
export type ApiLogEntry = z.infer<typeof apiLogEntrySchema>;

/** One entry with its bodies (JSON as sent and answered, redacted; null when there was none). */
export const apiLogDetailSchema = apiLogEntrySchema.extend({
  requestBody: z.unknown().nullable(),
  responseBody: z.unknown().nullable(),
});
export type ApiLogDetail = z.infer<typeof apiLogDetailSchema>;

/**
 * The log page's filters. `merchantId` is for operators (required of them); a Merchant user's own
 * merchant is used whatever it says. `createdFrom` is inclusive and `createdTo` exclusive.
 */
export const listApiLogs = { method: 'GET', path: '/api-logs' } as const;
export const listApiLogsQuerySchema = pageQuerySchema
  .extend({
    merchantId: idSchema.optional(),
    method: z.enum(API_LOG_METHODS).optional(),
    route: apiLogRouteSchema.optional(),
    statusClass: z.enum(API_LOG_STATUS_CLASSES).optional(),
    requestId: z.uuid({ error: 'A request id is a UUID (the x-request-id of an answer)' }).optional(),
    idempotencyKey: z.string().trim().min(1).max(255).optional(),
    createdFrom: isoDateTimeSchema.optional(),
    createdTo: isoDateTimeSchema.optional(),
  })
  .refine(...createdRangeIsOrdered);
export type ListApiLogsQuery = z.input<typeof listApiLogsQuerySchema>;
export const listApiLogsResponseSchema = pageSchema(apiLogEntrySchema);
export type ListApiLogsResponse = z.infer<typeof listApiLogsResponseSchema>;

/** One entry with its bodies. */
export const getApiLog = { method: 'GET', path: '/api-logs/:id' } as const;
