import type { ProxyType } from '@gerbang/contract';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { escapeLike } from '../../db/like-pattern';
import { proxies } from '../../db/schema';

export type ProxyRecord = typeof proxies.$inferSelect;
export type NewProxyRecord = Pick<
  typeof proxies.$inferInsert,
  'type' | 'host' | 'port' | 'username' | 'passwordEncrypted' | 'label'
>;
export type ProxyCheckRecord = Pick<ProxyRecord, 'checkStatus' | 'latencyMs' | 'exitIp' | 'lastError'>;

export type ListProxiesFilter = { q?: string; type?: ProxyType; checkStatus?: ProxyRecord['checkStatus'] };

/** `%` and `_` typed by the user are literal text, not wildcards. */

/** Same endpoint: type, host, port and username, with "no username" equal to "no username". */
const sameEndpoint = (e: Pick<NewProxyRecord, 'type' | 'host' | 'port' | 'username'>) =>
  and(
    eq(proxies.type, e.type),
    eq(proxies.host, e.host),
    eq(proxies.port, e.port),
    sql`${proxies.username} is not distinct from ${e.username ?? null}`,
  );

export function createProxiesRepository(db: Database) {
  return {
    async list(filter: ListProxiesFilter): Promise<ProxyRecord[]> {
      const where: SQL[] = [];
      if (filter.type) where.push(eq(proxies.type, filter.type));
      if (filter.checkStatus) where.push(eq(proxies.checkStatus, filter.checkStatus));
      if (filter.q) {
        const pattern = `%${escapeLike(filter.q)}%`;
        where.push(
          or(
            ilike(proxies.host, pattern),
            ilike(proxies.label, pattern),
            ilike(proxies.username, pattern),
            ilike(sql`${proxies.host} || ':' || ${proxies.port}`, pattern),
          ) as SQL,
        );
      }
      return db
        .select()
        .from(proxies)
        .where(and(...where))
        .orderBy(asc(proxies.host), asc(proxies.port), asc(proxies.type), asc(proxies.id));
    },

    async listIds(): Promise<string[]> {
      const rows = await db.select({ id: proxies.id }).from(proxies).orderBy(asc(proxies.id));
      return rows.map((row) => row.id);
    },

    async findById(id: string): Promise<ProxyRecord | null> {
      const rows = await db.select().from(proxies).where(eq(proxies.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Another proxy (not `exceptId`) already at this endpoint. */
    async endpointTaken(
      endpoint: Pick<NewProxyRecord, 'type' | 'host' | 'port' | 'username'>,
      exceptId?: string,
    ): Promise<boolean> {
      const rows = await db
        .select({ id: proxies.id })
        .from(proxies)
        .where(and(sameEndpoint(endpoint), exceptId ? sql`${proxies.id} <> ${exceptId}` : undefined))
        .limit(1);
      return rows.length > 0;
    },

    /** Endpoints of this type on these hosts, as `host|port|username` keys (for a bulk import). */
    async existingEndpointKeys(type: ProxyType, hosts: string[]): Promise<Set<string>> {
      if (hosts.length === 0) return new Set();
      const rows = await db
        .select({ host: proxies.host, port: proxies.port, username: proxies.username })
        .from(proxies)
        .where(and(eq(proxies.type, type), inArray(proxies.host, hosts)));
      return new Set(rows.map((row) => endpointKey(row)));
    },

    async insert(fields: NewProxyRecord): Promise<ProxyRecord | null> {
      const rows = await db.insert(proxies).values(fields).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    /** Inserts every row it can; rows taken meanwhile (unique index) are skipped, not thrown. */
    async insertMany(rows: NewProxyRecord[]): Promise<ProxyRecord[]> {
      if (rows.length === 0) return [];
      return db.insert(proxies).values(rows).onConflictDoNothing().returning();
    },

    async update(id: string, changes: Partial<NewProxyRecord> & { resetCheck?: boolean }): Promise<ProxyRecord | null> {
      const { resetCheck, ...fields } = changes;
      const rows = await db
        .update(proxies)
        .set({
          ...fields,
          // A proxy that now points elsewhere has not been checked yet.
          ...(resetCheck
            ? { checkStatus: 'unchecked' as const, latencyMs: null, exitIp: null, lastError: null, lastCheckedAt: null }
            : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(proxies.id, id))
        .returning();
      return rows[0] ?? null;
    },

    async recordCheck(id: string, result: ProxyCheckRecord): Promise<ProxyRecord | null> {
      const rows = await db
        .update(proxies)
        .set({ ...result, lastCheckedAt: sql`now()` })
        .where(eq(proxies.id, id))
        .returning();
      return rows[0] ?? null;
    },

    async delete(id: string): Promise<ProxyRecord | null> {
      const rows = await db.delete(proxies).where(eq(proxies.id, id)).returning();
      return rows[0] ?? null;
    },
  };
}
export type ProxiesRepository = ReturnType<typeof createProxiesRepository>;

export const endpointKey = (e: { host: string; port: number; username: string | null }) =>
  `${e.host}|${e.port}|${e.username ?? ''}\u0000${e.username === null ? 'none' : 'set'}`;
