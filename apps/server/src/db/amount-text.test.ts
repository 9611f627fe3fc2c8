import { basisPointsToPercent, CURRENCIES, formatAmount, MAX_AMOUNT_MINOR } from '@gerbang/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import { amountText, percentText } from './amount-text';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const written = async (value: SQL<string>) =>
  ((await database.db.execute(sql`select ${value} as value`)) as unknown as { rows: { value: string }[] }).rows[0]
    ?.value;

describe('amounts and fees as PostgreSQL writes them for the lists', () => {
  it('writes every amount exactly as formatAmount does, in each currency', async () => {
    const minors = [
      0n,
      1n,
      5n,
      9n,
      10n,
      99n,
      100n,
      101n,
      150000n,
      -1n,
      -5n,
      -150099n,
      MAX_AMOUNT_MINOR,
      -MAX_AMOUNT_MINOR,
    ];
    for (const currency of CURRENCIES) {
      for (const minor of minors) {
        const text = await written(amountText(sql`${minor.toString()}::bigint`, sql`${currency}::text`));
        expect({ currency, minor, text }).toEqual({ currency, minor, text: formatAmount(minor, currency) });
      }
    }
  });

  it('writes every fee percentage exactly as basisPointsToPercent does', async () => {
    for (const basisPoints of [0, 1, 9, 10, 99, 100, 250, 1234, 9999, 10_000]) {
      const text = await written(percentText(sql`${basisPoints}::int`));
      expect({ basisPoints, text }).toEqual({ basisPoints, text: basisPointsToPercent(basisPoints) });
    }
  });
});
