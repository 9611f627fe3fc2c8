import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQLWrapper, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './database';

type Statement = { name: string; text: string; params: unknown[]; toRow?: (values: unknown[]) => unknown };

/**
 * A function that makes a statement's row from the driver's array of values, as one object
 * literal: every row of the statement has the same shape from birth. The drivers' own row objects
 * are filled one computed key at a time (a clone of an empty row, then a keyed store per field);
 * on a 50-row page of a 40-column statement those stores were 15 % of the API's CPU, and the
 * serializer reads literal-shaped objects faster. The names are the statement's own column
 * aliases, written into the function as JSON strings (`__proto__` would set the prototype).
 */
function rowMaker(names: readonly string[]): (values: unknown[]) => unknown {
  if (names.includes('__proto__')) throw new Error('A prepared read cannot name a column __proto__');
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as (values: unknown[]) => unknown;
}

type Query = { toSQL(): { sql: string; params: unknown[] } };

/**
 * The hot lists' reads, with as little between the driver and the response serializer as there
 * can be: the SQL is built once per filter shape (drizzle, with `sql.placeholder` for the values),
 * run as a named prepared statement (PostgreSQL parses and plans it once per connection), and
 * its rows come back as arrays made into objects of one shape (`rowMaker`). The query selects
 * each field already in its answer's form (ISO text for times, formatted amounts, camelCase
 * names), so a row is an answer item: no query building, entity mapping or Date round trip per
 * request.
 */
/** Which statement a request reads (its filter shape) and the values for its placeholders. */
type BoundRead = [shape: string, values: Record<string, unknown>];

/**
 * `bind` turns a request's arguments into the shape and values, once for both the read and
 * `sqlOf`, so the plan tests check the very statement the list runs.
 */
export function preparedRead<TArgs extends unknown[], TRow>(
  db: Database,
  build: (shape: string) => Query,
  bind: (...args: TArgs) => BoundRead,
) {
  const statements = new Map<string, Statement>();
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const read = async (...args: TArgs): Promise<TRow[]> => {
    const [shape, values] = bind(...args);
    let statement = statements.get(shape);
    if (!statement) {
      const { sql, params } = build(shape).toSQL();
      statement = { name: `read_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`, text: sql, params };
      statements.set(shape, statement);
    }
    const params = fillPlaceholders(statement.params, values);
    const result =
      client instanceof PGlite
        ? await client.query<unknown[]>(statement.text, params, { rowMode: 'array' })
        : await client.query<unknown[]>({
            name: statement.name,
            text: statement.text,
            values: params,
            rowMode: 'array',
          });
    const rows = new Array<TRow>(result.rows.length);
    if (rows.length === 0) return rows;
    statement.toRow ??= rowMaker(result.fields.map((field) => field.name));
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
