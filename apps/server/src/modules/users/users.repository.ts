import { type MerchantTeamRole, ROLE, type RoleId, type User, type UserStatus } from '@gerbang/contract';
import { and, eq, getTableColumns, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText, isoText } from '../../db/iso-text';
import { escapeLike } from '../../db/like-pattern';
import { preparedRead } from '../../db/prepared-read';
import { sessions, users } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

const { passwordHash: _secret, ...publicColumns } = getTableColumns(users);

/**
 * Every column the API may show (never password_hash), plus:
 * - isLoggedIn: a live (unrevoked, unexpired) session exists — a subquery on sessions_live_user_idx
 *   in the same query, so a page of 50 is one round trip, not 51;
 * - cursorAt: created_at with microseconds, because a JS Date keeps only milliseconds and a
 *   truncated cursor would repeat or skip rows created in the same millisecond.
 */
// A scalar subquery, not EXISTS: PostgreSQL may turn EXISTS into a hashed subplan that reads
// every live session for each page; this probes sessions_live_user_idx for the page's rows only,
// and reads none of the ended sessions every sign-in leaves behind.
// Written out in full because drizzle leaves columns unqualified in a one-table select, and
// inside the subquery an unqualified "id" would mean sessions.id.
const isLoggedIn = sql<boolean>`coalesce((select true from "sessions" s where s."user_id" = "users"."id" and s."revoked_at" is null and s."expires_at" > now() limit 1), false)`;
const merchantName = sql<string | null>`(select m."name" from "merchants" m where m."id" = "users"."merchant_id")`;

const userColumns = {
  ...publicColumns,
  isLoggedIn: isLoggedIn.as('is_logged_in'),
  merchantName: merchantName.as('merchant_name'),
  cursorAt: cursorText(users.createdAt).as('cursor_at'),
};

export type UserRecord = Omit<typeof users.$inferSelect, 'passwordHash'> & {
  isLoggedIn: boolean;
  merchantName: string | null;
  cursorAt: string;
  /** Whether a password was ever set (enable puts a never-activated user back to invited). */
  hasPassword?: boolean;
};

export type ListUsersFilter = {
  q?: string;
  roleId?: RoleId;
  status?: UserStatus;
  merchantId?: string;
  limit: number;
  after?: KeysetCursor;
};

// NULLS LAST as in the indexes (drizzle's index default): plain DESC means NULLS FIRST, and
// PostgreSQL would then sort the rows instead of reading the index in order.
const newestFirst = [sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`];

/** `%` and `_` typed by the user are literal text, not wildcards. */

/** A list row: the answer's user as PostgreSQL writes it, and the row's cursor time. */
export type UserListRow = User & { cursorAt: string };

const listColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  roleId: sql<RoleId>`${users.roleId}`.as('roleId'),
  merchantId: sql<string | null>`${users.merchantId}`.as('merchantId'),
  merchantRole: sql<MerchantTeamRole | null>`${users.merchantRole}`.as('merchantRole'),
  merchantName: merchantName.as('merchantName'),
  status: users.status,
  isLoggedIn: isLoggedIn.as('isLoggedIn'),
  lastLoginAt: isoText(users.lastLoginAt).as('lastLoginAt'),
  secondFactorEnrolled: sql<boolean>`${users.secondFactorEnrolledAt} is not null`.as('secondFactorEnrolled'),
  createdAt: isoText(users.createdAt).as('createdAt'),
  updatedAt: isoText(users.updatedAt).as('updatedAt'),
  cursorAt: cursorText(users.createdAt).as('cursorAt'),
};

/** Which filters a list request has: one prepared statement per combination. */
const shapeOf = (filter: ListUsersFilter) =>
  [
    filter.roleId !== undefined ? 'role' : '',
    filter.status !== undefined ? 'status' : '',
    filter.merchantId !== undefined ? 'merchant' : '',
    filter.q ? 'q' : '',
    filter.after ? 'after' : '',
  ].join(',');

const valuesOf = (filter: ListUsersFilter) => ({
  roleId: filter.roleId,
  status: filter.status,
  merchantId: filter.merchantId,
  pattern: filter.q ? `%${escapeLike(filter.q)}%` : undefined,
  afterAt: filter.after?.at,
  afterId: filter.after?.id,
  limit: filter.limit + 1,
});

export function createUsersRepository(db: Database) {
  function listQuery(shape: string) {
    const has = new Set(shape.split(','));
    const where: SQL[] = [];
    if (has.has('role')) where.push(eq(users.roleId, sql.placeholder('roleId')));
    if (has.has('status')) where.push(eq(users.status, sql.placeholder('status')));
    if (has.has('merchant')) where.push(eq(users.merchantId, sql.placeholder('merchantId')));
    if (has.has('q')) {
      const pattern = sql.placeholder('pattern');
      where.push(or(ilike(users.email, pattern), ilike(users.name, pattern)) as SQL);
    }
    if (has.has('after')) {
      where.push(
        sql`(${users.createdAt}, ${users.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
      );
    }
    return db
      .select(listColumns)
      .from(users)
      .where(and(...where))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'));
  }
  const readList = preparedRead<[filter: ListUsersFilter], UserListRow>(db, listQuery, (filter) => [
    shapeOf(filter),
    valuesOf(filter),
  ]);

  async function findById(id: string): Promise<UserRecord | null> {
    const rows = await db
      .select({ ...userColumns, hasPassword: sql<boolean>`${users.passwordHash} is not null` })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return rows[0] ?? null;
  }

  return {
    findById,

    /**
     * One page, newest first, by keyset on (created_at, id): reads `limit + 1` rows along the
     * (role_id|status,) created_at, id indexes; no OFFSET and no COUNT. The extra row says
     * whether there is a next page.
     */
    list: readList,

    /** The list's SQL and values, for the test that checks PostgreSQL reads it along an index. */
    listSql: readList.sqlOf,

    async emailExists(email: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return rows.length > 0;
    },

    /** Inserts a user with no password; null when the email is taken (also under a race). */
    async insertWithoutPassword(fields: {
      email: string;
      name: string;
      roleId: RoleId;
      merchantId?: string;
      merchantRole?: MerchantTeamRole;
      status: 'invited';
    }): Promise<UserRecord | null> {
      const rows = await db
        .insert(users)
        .values(fields)
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      const id = rows[0]?.id;
      return id ? findById(id) : null;
    },

    /** A merchant's team, oldest member first. */
    async listByMerchant(merchantId: string): Promise<UserRecord[]> {
      return db
        .select(userColumns)
        .from(users)
        .where(eq(users.merchantId, merchantId))
        .orderBy(users.createdAt, users.id);
    },

    async update(
      id: string,
      changes: Partial<Pick<typeof users.$inferInsert, 'name' | 'roleId' | 'status' | 'merchantRole'>>,
    ): Promise<UserRecord | null> {
      await db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id));
      return findById(id);
    },

    /** Disables the user and revokes every live session in one transaction; returns the ended session ids. */
    async disable(id: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.update(users).set({ status: 'disabled', updatedAt: sql`now()` }).where(eq(users.id, id));
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: sql`now()`, revokedReason: 'disabled' })
          .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        return ended.map((row) => row.id);
      });
    },

    /** "Is the table empty?" with limit 1, never a full count. */
    async hasAnyUser(): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).limit(1);
      return rows.length > 0;
    },

    /** The Admin with this email if it has never activated and no Admin is active yet. */
    async findFirstAdminAwaitingActivation(email: string) {
      const rows = await db
        .select({ id: users.id, email: users.email, name: users.name, roleId: users.roleId })
        .from(users)
        .where(
          and(
            eq(users.email, email),
            eq(users.roleId, ROLE.Admin),
            eq(users.status, 'invited'),
            sql`not exists (select 1 from "users" a where a."role_id" = ${ROLE.Admin} and a."status" = 'active')`,
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
