import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import { decodeDataRow } from './data-row-decoding';

/** A DataRow message's body as PostgreSQL sends it: int16 count, then int32 length (-1: null) and UTF-8 bytes per field. */
function dataRowBody(fields: (string | null)[]): Buffer {
  const parts = [Buffer.from([fields.length >> 8, fields.length & 0xff])];
  for (const field of fields) {
    const bytes = field === null ? Buffer.alloc(0) : Buffer.from(field, 'utf8');
    const length = Buffer.alloc(4);
    length.writeInt32BE(field === null ? -1 : bytes.length);
    parts.push(length, bytes);
  }
  return Buffer.concat(parts);
}

const tricky = [
  'Toko Sinar Jaya',
  '',
  null,
  'Café Ñandú — ₱1,250.00',
  'Pembayaran 🎉 berhasil',
  'quote " backslash \\ tab \t newline \n',
  'x'.repeat(200),
  'é'.repeat(70),
  'ü'.repeat(32),
  'y'.repeat(64),
  'y'.repeat(65),
  '2026-11-25T10:00:00.000Z',
];

describe('rows as the server reads them from PostgreSQL', () => {
  it('reads ASCII, non-ASCII, empty, null and long fields exactly as they were sent', () => {
    const rows = [
      ['3f2a9c1e-8b7d-4c1a-9e2f-1a2b3c4d5e6f', 'active', '1250000.00', null, ''],
      tricky,
      [],
      ['a'.repeat(127), 'b'.repeat(128), 'c'.repeat(70_000)],
    ];
    for (const fields of rows) {
      const body = dataRowBody(fields);
      // Inside a larger chunk, as the socket delivers it, with other messages around it.
      const chunk = Buffer.concat([Buffer.from('before'), body, Buffer.from('\u00ffafter')]);
      expect(decodeDataRow(chunk, 6, 6 + body.length)).toEqual(fields);
    }
  });

  describe('through the database', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => database.close());

    it('returns every text field as it was stored, whatever its characters or length', async () => {
      const values = [...tricky, 'z'.repeat(100_000)];
      const { rows } = (await database.db.execute(
        sql`select ${sql.join(
          values.map((value, index) => sql`${value}::text as ${sql.identifier(`f${index}`)}`),
          sql`, `,
        )}`,
      )) as unknown as { rows: Record<string, string | null>[] };
      expect(Object.values(rows[0] ?? {})).toEqual(values);
    });

    it('still types numbers, booleans and nulls, over many rows', async () => {
      const { rows } = (await database.db.execute(
        sql`select n::int as n, n % 2 = 0 as even, 'row ' || n || case when n % 10 = 0 then ' ✓' else '' end as label,
                   case when n % 3 = 0 then null else n / 4.0::float8 end as quarter
            from generate_series(1, 2000) n`,
      )) as unknown as { rows: { n: number; even: boolean; label: string; quarter: number | null }[] };
      expect(rows).toHaveLength(2000);
      expect(rows.every((row, index) => row.n === index + 1 && row.even === (row.n % 2 === 0))).toBe(true);
      expect(rows[9]).toEqual({ n: 10, even: true, label: 'row 10 ✓', quarter: 2.5 });
      expect(rows[2]).toEqual({ n: 3, even: false, label: 'row 3', quarter: null });
    });
  });
});
