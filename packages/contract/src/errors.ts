import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes';

export * from './error-codes';

export const errorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

/** `fields` maps a field path (e.g. `body.email`) to what is wrong with it. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  requestId: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
