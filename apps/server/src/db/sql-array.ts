import { type SQL, sql } from 'drizzle-orm';

/**
 * A list as one bound array parameter (`{a,b}` cast to `type[]`), the same text for any length:
 * for `= any(…)` and functions taking arrays. Only for values that need no quoting in an array
 * literal: uuids and integers.
 */
export const sqlArray = (values: readonly (string | bigint)[], type: 'uuid' | 'bigint'): SQL =>
  sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;
