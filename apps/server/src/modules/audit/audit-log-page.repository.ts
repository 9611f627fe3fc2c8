import type { AuditLogEntry } from '@gerbang/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText, isoText } from '../../db/iso-text';
import { named, preparedRead } from '../../db/prepared-read';
import { auditLog, users, walletAccounts } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

/** What the audit page may be narrowed by; `actorMerchantId` is a Merchant user's scope, never the client's. */
export type AuditLogFilter = {
  actorMerchantId?: string;
  actorUserId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  ip?: string;
  createdFrom?: string;
  createdTo?: string;
};

/** An entry as PostgreSQL writes it for the answer, and the row's cursor time. */
export type AuditLogRow = AuditLogEntry & { cursorAt: string };

// A wallet account's page is its provider's (/<provider>/:id): read the provider for those rows
// only, by primary key. The CASE keeps any other target's id (a bigserial's text) from the cast.
const UUID_TEXT = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const targetProvider = sql`(select ${walletAccounts.provider} from ${walletAccounts} where ${walletAccounts.id} = case when ${auditLog.targetType} = 'wallet_account' and ${auditLog.targetId} ~ ${UUID_TEXT} then ${auditLog.targetId}::uuid end)`;

const entryColumns = {
  id: named<string>('id', sql`${auditLog.id}::text`),
  createdAt: named<string>('createdAt', isoText(auditLog.createdAt)),
  action: named<string>('action', auditLog.action),
  actorUserId: named<string | null>('actorUserId', auditLog.actorUserId),
  actorName: named<string | null>('actorName', users.name),
  actorEmail: named<string | null>('actorEmail', users.email),
  targetType: named<string | null>('targetType', auditLog.targetType),
  targetId: named<string | null>('targetId', auditLog.targetId),
  subject: named<string | null>('subject', auditLog.subject),
  // host(): the address alone (inet's text cast would add its /32).
  ip: named<string | null>('ip', sql`host(${auditLog.ip})`),
  details: named<Record<string, unknown> | null>('details', auditLog.details),
  targetProvider: named<AuditLogEntry['targetProvider']>('targetProvider', targetProvider),
};
const pageColumns = { ...entryColumns, cursorAt: named<string>('cursorAt', cursorText(auditLog.createdAt)) };

type PageArgs = [filter: AuditLogFilter, limit: number, after?: KeysetCursor];

/** Which filters a read has: one prepared statement per combination. */
const shapeOf = (filter: AuditLogFilter, after?: KeysetCursor) =>
  [
    filter.actorMerchantId ? 'merchant' : '',
    filter.actorUserId ? 'actor' : '',
    filter.action ? 'action' : '',
    filter.targetType ? 'type' : '',
    filter.targetId ? 'target' : '',
    filter.ip ? 'ip' : '',
    filter.createdFrom ? 'from' : '',
    filter.createdTo ? 'to' : '',
    after ? 'after' : '',
  ].join(',');

const valuesOf = (filter: AuditLogFilter, limit: number, after?: KeysetCursor) => ({
  ...filter,
  afterAt: after?.at,
  afterId: after?.id,
  limit: limit + 1,
});

/** The WHERE of a read of this shape, its values as placeholders. */
function conditionsOf(shape: string): SQL | undefined {
  const has = new Set(shape.split(','));
  const placeholder = sql.placeholder;
  return and(
    has.has('merchant') ? eq(auditLog.actorMerchantId, placeholder('actorMerchantId')) : undefined,
    has.has('actor') ? eq(auditLog.actorUserId, placeholder('actorUserId')) : undefined,
    has.has('action') ? eq(auditLog.action, placeholder('action')) : undefined,
    has.has('type') ? eq(auditLog.targetType, placeholder('targetType')) : undefined,
    has.has('target') ? eq(auditLog.targetId, placeholder('targetId')) : undefined,
    has.has('ip') ? sql`${auditLog.ip} = ${placeholder('ip')}::inet` : undefined,
    has.has('from') ? sql`${auditLog.createdAt} >= ${placeholder('createdFrom')}::timestamptz` : undefined,
    has.has('to') ? sql`${auditLog.createdAt} < ${placeholder('createdTo')}::timestamptz` : undefined,
    has.has('after')
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${placeholder('afterAt')}::timestamptz, ${placeholder('afterId')}::bigint)`
      : undefined,
  );
}

/**
 * The audit page's reads: a keyset page newest first along the filter's (…, created_at DESC,
 * id DESC) index, each row already in its answer's form (`preparedRead`), with its actor's name
 * and email as the users table has them now; and one entry.
 */
export function createAuditLogPageRead(db: Database) {
  function pageQuery(shape: string) {
    return (
      db
        .select(pageColumns)
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(conditionsOf(shape))
        // NULLS LAST as the indexes have it: a plain DESC would sort the rows instead of walking them.
        .orderBy(sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`)
        .limit(sql.placeholder('limit'))
    );
  }
  const readPage = preparedRead<PageArgs, AuditLogRow>(db, pageQuery, (filter, limit, after) => [
    shapeOf(filter, after),
    valuesOf(filter, limit, after),
  ]);

  return {
    /** A keyset page (limit + 1 rows). */
    page: readPage,

    /** The page's SQL and values, for the test that checks its plan. */
    pageSql: readPage.sqlOf,

    /** One entry, within the scope (a Merchant user's merchant) when there is one. */
    async find(id: string, actorMerchantId: string | undefined): Promise<AuditLogEntry | null> {
      const rows = await db
        .select(entryColumns)
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(
          and(eq(auditLog.id, BigInt(id)), actorMerchantId ? eq(auditLog.actorMerchantId, actorMerchantId) : undefined),
        )
        .limit(1);
      return (rows[0] as AuditLogEntry | undefined) ?? null;
    },
  };
}
export type AuditLogPageRead = ReturnType<typeof createAuditLogPageRead>;
