import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQLWrapper, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './database';
import { PreparedReadQuery, type ReadStatement, rowBuilder } from './prepared-read-query';

type Query = { toSQL(): { sql: string; params: unknown[] } };

/** Which statement a request reads (its filter shape) and the values for its placeholders. */
type BoundRead = [shape: string, values: Record<string, unknown>];

/**
 * The hot lists' reads, with as little between the driver and the response serializer as there
 * can be: the SQL is built once per filter shape (drizzle, with `sql.placeholder` for the values),
 * run as a named prepared statement (PostgreSQL parses and plans it once per connection), and
 * its rows are made as objects of one shape (`rowBuilder`; on node-postgres straight from the
 * protocol's fields by `PreparedReadQuery`). The query selects each field already in its answer's
 * form (ISO text for times, formatted amounts, camelCase names), so a row is an answer item: no
 * query building, entity mapping or Date round trip per request.
 *
 * `bind` turns a request's arguments into the shape and values, once for both the read and
 * `sqlOf`, so the plan tests check the very statement the list runs.
 */
export function preparedRead<TArgs extends unknown[], TRow>(
  db: Database,
  build: (shape: string) => Query,
  bind: (...args: TArgs) => BoundRead,
) {
  const statements = new Map<string, { statement: ReadStatement; params: unknown[] }>();
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const read = async (...args: TArgs): Promise<TRow[]> => {
    const [shape, values] = bind(...args);
    let prepared = statements.get(shape);
    if (!prepared) {
      const { sql, params } = build(shape).toSQL();
      const name = `read_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
      prepared = { statement: { name, text: sql }, params };
      statements.set(shape, prepared);
    }
    const { statement } = prepared;
    const params = fillPlaceholders(prepared.params, values);
    if (!(client instanceof PGlite)) {
      return (await client.query(new PreparedReadQuery(statement, params) as never)) as unknown as TRow[];
    }
    const result = await client.query<unknown[]>(statement.text, params, { rowMode: 'array' });
    const rows = new Array<TRow>(result.rows.length);
    if (rows.length === 0) return rows;
    statement.toRow ??= rowBuilder(result.fields.map((field) => field.name));
    const toRow = statement.toRow;
    for (let index = 0; index < rows.length; index++) rows[index] = toRow(result.rows[index] as unknown[]) as TRow;
    return rows;
  };
  /** The statement of a shape with its values, for the tests that check its plan with EXPLAIN. */
  const sqlOf = (...args: TArgs) => {
    const [shape, values] = bind(...args);
    const { sql, params } = build(shape).toSQL();
    return { sql, params: fillPlaceholders(params, values) };
  };
  return Object.assign(read, { sqlOf });
}

/** A selected value under its answer's name (camelCase, as the row goes out). */
export const named = <T>(name: string, value: SQLWrapper) => sql<T>`${value}`.as(name);
