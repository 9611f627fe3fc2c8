import type { SQL } from 'drizzle-orm';
import type { Database } from './database';

/** The rows of a raw SQL query (reports, checks), as both drivers return them. */
export async function sqlRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
