import { z } from 'zod';
import { AppError } from '../../http/app-error';

/**
 * The list cursor is opaque to clients: base64url of JSON [createdAt ISO with microseconds, id]
 * of the last row of the page.
 */
export type UsersCursor = { createdAt: string; id: string };

const cursorSchema = z.tuple([z.iso.datetime({ precision: 6 }), z.uuid()]);

export function encodeUsersCursor(cursor: UsersCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeUsersCursor(value: string): UsersCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', 'Invalid input: querystring.cursor', {
      fields: { 'querystring.cursor': 'This cursor is not valid; start again from the first page' },
    });
  }
  const [createdAt, id] = result.data;
  return { createdAt, id };
}
