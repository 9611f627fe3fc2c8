import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText } from '../../db/iso-text';
import { apiTokens, merchants } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

const columns = {
  id: apiTokens.id,
  merchantId: apiTokens.merchantId,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  scopes: apiTokens.scopes,
  allowedNetworks: apiTokens.allowedNetworks,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  createdAt: apiTokens.createdAt,
  /** Computed by the database clock, the one every instance shares. */
  isExpired: sql<boolean>`coalesce(${apiTokens.expiresAt} <= now(), false)`,
  cursorAt: cursorText(apiTokens.createdAt),
};
export type ApiTokenRecord = {
  id: string;
  merchantId: string;
  name: string;
  prefix: string;
  scopes: string[];
  allowedNetworks: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  isExpired: boolean;
  cursorAt: string;
};

/** last_used_at is written at most once a minute per token, not on every request. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

export function createApiTokensRepository(db: Database) {
  /**
   * Every `/v1` call reads its token: built and named once, so PostgreSQL parses and plans it once
   * per connection and no request builds the query.
   */
  const forAuth = db
    .select({
      id: apiTokens.id,
      merchantId: apiTokens.merchantId,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      allowedNetworks: apiTokens.allowedNetworks,
      isExpired: columns.isExpired,
      isRevoked: sql<boolean>`${apiTokens.revokedAt} is not null`,
      /** last_used_at is due for a write (never set, or older than its resolution). */
      isTouchDue: sql<boolean>`coalesce(${apiTokens.lastUsedAt} < now() - ${LAST_USED_RESOLUTION}, true)`,
      /** The token's merchant, so a call needs no read of its own (opening a session reads its terms). */
      merchant: merchants,
    })
    .from(apiTokens)
    .innerJoin(merchants, eq(merchants.id, apiTokens.merchantId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('api_token_for_auth');

  return {
    /** One merchant's tokens, newest first, keyset on (created_at, id). */
    async page(merchantId: string, limit: number, after?: KeysetCursor): Promise<ApiTokenRecord[]> {
      return db
        .select(columns)
        .from(apiTokens)
        .where(
          and(
            eq(apiTokens.merchantId, merchantId),
            after
              ? sql`(${apiTokens.createdAt}, ${apiTokens.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(sql`${apiTokens.createdAt} desc nulls last`, sql`${apiTokens.id} desc nulls last`)
        .limit(limit + 1);
    },

    async insert(fields: typeof apiTokens.$inferInsert): Promise<ApiTokenRecord> {
      const [row] = await db.insert(apiTokens).values(fields).returning(columns);
      if (!row) throw new Error('api token insert returned nothing');
      return row;
    },

    /** Revokes a live token of this merchant; null when there is none (unknown, other merchant's). */
    async revoke(merchantId: string, id: string): Promise<{ record: ApiTokenRecord; changed: boolean } | null> {
      const changed = await db
        .update(apiTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiTokens.id, id), eq(apiTokens.merchantId, merchantId), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      const [record] = await db
        .select(columns)
        .from(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.merchantId, merchantId)));
      return record ? { record, changed: changed.length > 0 } : null;
    },

    /** The token with this hash and its merchant, for authenticating a `/v1` call. */
    async findForAuth(tokenHash: string) {
      const rows = await forAuth.execute({ tokenHash });
      return rows[0] ?? null;
    },

    async touch(id: string): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(apiTokens.id, id),
            or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - ${LAST_USED_RESOLUTION}`)),
          ),
        );
    },
  };
}
export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
