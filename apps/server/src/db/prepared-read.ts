import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQLWrapper, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './database';

type Statement = { name: string; text: string; params: unknown[] };
type Query = { toSQL(): { sql: string; params: unknown[] } };

/**
 * The hot lists' reads, with as little between the driver and the response serializer as there
 * can be: the SQL is built once per filter shape (drizzle, with `sql.placeholder` for the values),
 * run as a named prepared statement (PostgreSQL parses and plans it once per connection), and
 * its rows come back as the driver made them. The query selects each field already in its
 * answer's form (ISO text for times, camelCase names), so a row is an answer item: no query
 * building, entity mapping or Date round trip per request.
 */
export function preparedRead<TShape extends string, TRow>(db: Database, build: (shape: TShape) => Query) {
  const statements = new Map<TShape, Statement>();
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const read = async (shape: TShape, values: Record<string, unknown>): Promise<TRow[]> => {
    let statement = statements.get(shape);
    if (!statement) {
      const { sql, params } = build(shape).toSQL();
      statement = { name: `read_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`, text: sql, params };
      statements.set(shape, statement);
    }
    const params = fillPlaceholders(statement.params, values);
    if (client instanceof PGlite) return (await client.query<TRow>(statement.text, params)).rows;
    return (await client.query({ name: statement.name, text: statement.text, values: params })).rows as TRow[];
  };
  /** The statement of a shape with its values, for the tests that check its plan with EXPLAIN. */
  const sqlOf = (shape: TShape, values: Record<string, unknown>) => {
    const { sql, params } = build(shape).toSQL();
    return { sql, params: fillPlaceholders(params, values) };
  };
  return Object.assign(read, { sqlOf });
}

/** A selected value under its answer's name (camelCase, as the row goes out). */
export const named = <T>(name: string, value: SQLWrapper) => sql<T>`${value}`.as(name);
