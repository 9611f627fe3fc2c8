import { ROLE } from '@gerbang/contract';
import type { DatabaseHandle } from '@gerbang/server/src/db/database';
import { hashPassword } from '@gerbang/server/src/modules/auth/password-hasher';
import { sql } from 'drizzle-orm';

/** What the orchestrator asks a server child to seed before it listens. */
export type SeedPlan = {
  /** One Admin user to sign in as (current-user, users list). */
  adminEmail: string;
  /** Bulk users `bench-user-<n>@example.test`, n = 1..bulkUsers, newest first by n. */
  bulkUsers: number;
  /** Password of the Admin and of every bulk user (the sign-in pool is bulk users 1..N). */
  password: string;
};

export const bulkUserEmail = (n: number) => `bench-user-${n}@example.test`;

/**
 * Seeds with one INSERT … SELECT generate_series (seconds for 100k rows, versus minutes row by
 * row). Every bulk user shares one argon2id hash of the password: hashing 100k times would take
 * longer than the whole benchmark, and verification cost does not depend on which hash it is.
 * ON CONFLICT keeps a re-run against the same PostgreSQL database harmless.
 */
export async function seed(database: DatabaseHandle, plan: SeedPlan): Promise<void> {
  const passwordHash = await hashPassword(plan.password);
  await database.db.execute(sql`
    insert into users (email, name, role_id, status, password_hash)
    values (${plan.adminEmail.toLowerCase()}, 'Bench Admin', ${ROLE.Admin}, 'active', ${passwordHash})
    on conflict (email) do nothing`);
  if (plan.bulkUsers > 0) {
    // created_at one second apart, n = 1 newest: distinct keys, like real sign-up traffic.
    const roles = [ROLE.Staff, ROLE.PhoneFarm, ROLE.SubAdmin];
    await database.db.execute(sql`
      insert into users (email, name, role_id, status, password_hash, created_at, updated_at)
      select 'bench-user-' || n || '@example.test',
             'Bench User ' || n,
             (${`{${roles.join(',')}}`}::smallint[])[1 + n % ${roles.length}],
             'active',
             ${passwordHash},
             now() - n * interval '1 second',
             now() - n * interval '1 second'
      from generate_series(1, ${plan.bulkUsers}::int) as s(n)
      on conflict (email) do nothing`);
  }
  // Fresh statistics, so the planner sees 100k rows rather than an empty table.
  await database.db.execute(sql`analyze users`);
}
