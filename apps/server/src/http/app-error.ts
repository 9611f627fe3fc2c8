import { ERROR_STATUS, type ErrorCode } from '@gerbang/contract';

/**
 * The one error type services throw. The error handler turns it into the contract's error shape
 * with the status from ERROR_STATUS; `message` is safe to show to the client.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { fields?: Record<string, string>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.statusCode = ERROR_STATUS[code];
  }
}

/** Field path → what is wrong, as the one error shape carries it. */
export type FieldErrors = Record<string, string>;

/** 422 naming every field that is wrong. */
export function invalidFields(fields: FieldErrors): AppError {
  return new AppError('VALIDATION_FAILED', `Invalid input: ${Object.keys(fields).join(', ')}`, { fields });
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission to do this');
