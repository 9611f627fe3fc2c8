import { CURRENCY_DECIMALS } from '@gerbang/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** The minor units as text for a currency without decimals; else times `0.01` (two decimals). */
function formatted(minor: SQLWrapper, decimals: number): SQL {
  if (decimals === 0) return minorText(minor);
  return sql`(${minor}::numeric * ${sql.raw(`0.${'1'.padStart(decimals, '0')}`)})::text`;
}

/**
 * A minor-unit amount as the answers write it (formatAmount: `150000` rupiah, `1500.00` pesos,
 * `-0.05`), made by PostgreSQL so that a list's row is already its answer item: no BigInt and no
 * formatting per amount in the API. Exact: numeric arithmetic keeps the factor's scale, so
 * `minor * 0.01` always has two digits. One branch per currency, from CURRENCY_DECIMALS.
 */
export function amountText(minor: SQLWrapper, currency: SQLWrapper): SQL<string> {
  const branches = Object.entries(CURRENCY_DECIMALS).map(
    ([code, decimals]) => sql`when ${sql.raw(`'${code}'`)} then ${formatted(minor, decimals)}`,
  );
  return sql<string>`(case ${currency} ${sql.join(branches, sql` `)} end)`;
}

/** Minor units as text (a bigint would lose its digits as a JavaScript number); null stays null. */
export const minorText = (minor: SQLWrapper): SQL<string> => sql<string>`${minor}::text`;

/** Basis points as the answers write a percentage (basisPointsToPercent: 250 -> `2.50`). */
export const percentText = (basisPoints: SQLWrapper): SQL<string> =>
  sql<string>`(${basisPoints}::numeric * 0.01)::text`;
