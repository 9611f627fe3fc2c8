import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import { preparedRead } from './prepared-read';
import { rowBuilder } from './prepared-read-query';

/** A read built from SQL text, its values as named placeholders (as the lists' reads are built). */
function statement(text: string, ...placeholders: string[]) {
  return () => ({ toSQL: () => ({ sql: text, params: placeholders.map((name) => sql.placeholder(name)) }) });
}

type Row = { id: string; n: number; even: boolean; doc: { n: number; tags: string[] }; note: string | null };

const expected = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      id: `wd-${n}`,
      n,
      even: n % 2 === 0,
      doc: { n, tags: ['Parañaque', 'Café ✓'] },
      note: n % 3 === 0 ? null : `Catatan ${n} — Rp1.250`,
    };
  });

describe('prepared reads', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let rowsUpTo: (count: number) => Promise<Row[]>;
  beforeAll(async () => {
    database = await createTestDatabase();
    rowsUpTo = preparedRead(
      database.db,
      statement(
        `select 'wd-' || n as id, n::int as n, n % 2 = 0 as even,
                jsonb_build_object('n', n, 'tags', jsonb_build_array('Parañaque', 'Café ✓')) as doc,
                case when n % 3 = 0 then null else 'Catatan ' || n || ' — Rp1.250' end as note
         from generate_series(1, $1::int) n order by n`,
        'count',
      ),
      (count: number) => ['all', { count }],
    );
  });
  afterAll(async () => database.close());

  it('answer rows with their columns typed: text, numbers, booleans, JSON, nulls and accents', async () => {
    expect(await rowsUpTo(7)).toEqual(expected(7));
    expect(await rowsUpTo(0)).toEqual([]);
  });

  it('answer every run alike, however many run at once on more connections than have seen the statement', async () => {
    const counts = Array.from({ length: 24 }, (_, index) => (index % 6) + 1);
    const pages = await Promise.all(counts.map((count) => rowsUpTo(count)));
    pages.forEach((page, index) => {
      expect(page).toEqual(expected(counts[index] as number));
    });
  });

  it("reject with the database's error when the statement fails, and the next read still answers", async () => {
    const quotient = preparedRead(database.db, statement('select 100 / $1::int as q', 'divisor'), (divisor: number) => [
      'one',
      { divisor },
    ]);
    expect(await quotient(4)).toEqual([{ q: 25 }]);
    await expect(quotient(0)).rejects.toThrow(/division by zero/);
    expect(await quotient(5)).toEqual([{ q: 20 }]);
    expect(await rowsUpTo(2)).toEqual(expected(2));
  });

  it('reject a value that cannot be sent without sending anything, and the next read still answers', async () => {
    const echo = preparedRead(database.db, statement('select $1::jsonb as doc', 'doc'), (doc: object) => [
      'one',
      { doc },
    ]);
    const circular: Record<string, unknown> = { name: 'loop' };
    circular.self = circular;
    await expect(echo(circular)).rejects.toThrow();
    expect(await echo({ name: 'Toko Maju' })).toEqual([{ doc: { name: 'Toko Maju' } }]);
  });

  it('refuse a column named __proto__, which would set the rows’ prototype', () => {
    expect(() => rowBuilder(['id', '__proto__'])).toThrow(/__proto__/);
  });
});
