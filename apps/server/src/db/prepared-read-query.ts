import pg from 'pg';

/** node-postgres's own encoding of a bound value, as its `Query` binds them (not in its types). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): string | Buffer | null } }).utils;

/** A column of a result, as PostgreSQL's RowDescription names and types it. */
type Field = { name: string; dataTypeID: number };
/** Makes one row object of a statement from its fields' values. */
export type RowBuilder = (values: unknown[]) => unknown;

/** The part of node-postgres's connection a query writes to and checks (`pg/lib/connection.js`). */
type Connection = {
  stream: { cork?(): void; uncork?(): void };
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  parse(message: { text: string; name: string; types: never[] }): void;
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
};

/** A prepared read's statement; `toRow` is learnt from the first answer that describes its rows. */
export type ReadStatement = { name: string; text: string; toRow?: RowBuilder };

const textAsIs = pg.types.getTypeParser(pg.types.builtins.TEXT, 'text');

/**
 * A function that makes a statement's row from its fields' values as one object literal, so
 * every row of the statement has the same shape from birth. The drivers' own row objects are
 * filled one computed key at a time; on a 50-row page of a 40-column statement those stores were
 * 15 % of the API's CPU, and the serializer reads literal-shaped objects faster. With `parsers`
 * (node-postgres: fields arrive as text) each non-null value goes through its type's parser, as
 * the driver would; text goes as it is. The names are the statement's own column aliases,
 * written into the function as JSON strings (`__proto__` would set the prototype).
 */
export function rowBuilder(names: readonly string[], parsers?: readonly ((text: string) => unknown)[]): RowBuilder {
  if (names.includes('__proto__')) throw new Error('A prepared read cannot name a column __proto__');
  const fields = names.map((name, index) => {
    const parsed = parsers && parsers[index] !== textAsIs;
    const value = parsed ? `v[${index}] === null ? null : p[${index}](v[${index}])` : `v[${index}]`;
    return `${JSON.stringify(name)}: ${value}`;
  });
  return new Function('p', `return (v) => ({ ${fields.join(', ')} });`)(parsers) as RowBuilder;
}

/**
 * One run of a prepared read on node-postgres, as a query object of its own (the driver's
 * `Submittable`): the rows are made straight from the protocol's DataRow fields by the
 * statement's row builder, without the driver's query object, its copy of the config, its result
 * object and per-request field and parser lists, or its row arrays. Once a statement's rows are
 * known, later runs do not ask PostgreSQL to describe them again (Bind, Execute, Sync: one
 * message fewer out, the RowDescription fewer back). The driver still owns the connection, its
 * queue, the record of which statements each connection has parsed and every error path. `pg` is
 * pinned (apps/server/package.json): this reads that record and uses its `prepareValue`, as its
 * own `Query` does; `prepared-read.test.ts` runs every path through a real PostgreSQL.
 */
export class PreparedReadQuery {
  /** Set by the driver (pool.query hands it its callback). */
  callback: ((error: Error | null, rows?: unknown[]) => void) | undefined;
  readonly name: string;
  readonly text: string;
  private readonly rows: unknown[] = [];
  private failure: Error | null = null;
  private finished = false;

  constructor(
    private readonly statement: ReadStatement,
    private readonly values: unknown[],
  ) {
    this.name = statement.name;
    this.text = statement.text;
  }

  submit(connection: Connection): Error | null {
    let values: unknown[];
    try {
      values = this.values.map((value) => prepareValue(value));
    } catch (error) {
      return error as Error; // the driver reports it through handleError, nothing was sent
    }
    connection.stream.cork?.();
    try {
      if (
        connection.parsedStatements[this.name] === undefined &&
        connection.submittedNamedStatements[this.name] === undefined
      ) {
        connection.parse({ text: this.text, name: this.name, types: [] });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ portal: '', statement: this.name, values });
      if (!this.statement.toRow) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: Field[] }) {
    this.statement.toRow ??= rowBuilder(
      message.fields.map((field) => field.name),
      message.fields.map((field) => pg.types.getTypeParser(field.dataTypeID, 'text')),
    );
  }

  handleDataRow(message: { fields: unknown[] }) {
    if (this.failure) return;
    try {
      this.rows.push((this.statement.toRow as RowBuilder)(message.fields));
    } catch (error) {
      this.failure = error as Error;
    }
  }

  handleReadyForQuery() {
    if (this.failure) this.finish(this.failure);
    else this.finish(null, this.rows);
  }

  handleError(error: Error) {
    this.finish(error);
  }

  handleCommandComplete() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyInResponse(connection: Connection) {
    connection.sendCopyFail('A prepared read does not copy');
  }
  handleCopyData() {}

  private finish(error: Error | null, rows?: unknown[]) {
    if (this.finished) return;
    this.finished = true;
    this.callback?.(error, rows);
  }
}
