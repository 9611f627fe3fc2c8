import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './limits';

export const idSchema = z.uuid();
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const idParamsSchema = z.strictObject({ id: idSchema });

/**
 * The id of a bigserial row (an audit entry, a request-log entry): its decimal text, at most 18
 * digits, so every id the schema lets through fits a bigint (a 19-digit one may not, and would
 * fail in the database). `what` names it in the message ("An audit entry").
 */
export const serialIdSchema = (what: string) =>
  z.string().regex(/^[1-9][0-9]{0,17}$/, `${what} id is a positive whole number`);

/** Keyset pagination: `cursor` is opaque and comes from the previous page's `nextCursor`. */
export const pageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().min(1).max(200).optional(),
});

/**
 * The refinement of a list's creation-time range (`createdFrom` inclusive, `createdTo` exclusive):
 * an empty or backwards range is a mistake to name, not a page of nothing.
 */
export const createdRangeIsOrdered: [
  (q: { createdFrom?: string; createdTo?: string }) => boolean,
  z.core.$ZodCustomParams,
] = [
  (q) => !q.createdFrom || !q.createdTo || Date.parse(q.createdFrom) < Date.parse(q.createdTo),
  { message: 'createdTo must be after createdFrom', path: ['createdTo'] },
];

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const emptyBodySchema = z.strictObject({});
export const noContentSchema = z.null();

/** Describes one HTTP endpoint: the server registers it, the web client calls it. */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
};
