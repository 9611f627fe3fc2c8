import { ROLE } from '@gerbang/contract';
import type { DatabaseHandle } from '@gerbang/server/src/db/database';
import { isInsufficientPrivilege } from '@gerbang/server/src/db/pg-errors';
import { hashToken } from '@gerbang/server/src/modules/auth/one-time-token';
import { hashPassword } from '@gerbang/server/src/modules/auth/password-hasher';
import { postJournal } from '@gerbang/server/src/modules/ledger/ledger';
import { LEDGER_ACCOUNTS } from '@gerbang/server/src/modules/ledger/ledger-accounts';
import { createWalletsRepository } from '@gerbang/server/src/modules/wallets/wallets.repository';
import { sql } from 'drizzle-orm';

/** What the orchestrator asks a server child to seed before it listens. */
export type SeedPlan = {
  /** One Admin user to sign in as (current-user, users list). */
  adminEmail: string;
  /** Bulk users `bench-user-<n>@example.test`, n = 1..bulkUsers, newest first by n. */
  bulkUsers: number;
  /**
   * Runs of bulk users, `[first n, how many]`, each with a year of daily sign-ins: every sign-in
   * leaves a session row (ended by logout or expiry), and the users list tells from them who is
   * logged in, so its pages are measured against a history, not against an empty table.
   */
  signInHistory?: Array<[first: number, count: number]>;
  /** Password of the Admin and of every bulk user (the sign-in pool is bulk users 1..N). */
  password: string;
  /** DANA accounts spread over phones (10 per phone), each with check runs and today's transfers. */
  walletAccounts: number;
  /** Merchants besides the bench's own (`CATALOG-<n>`), for the merchant list. */
  merchants: number;
  /** Past withdrawals of the bench merchant (`BENCH-W-<n>`), for the withdrawal list. */
  withdrawals: number;
  /**
   * Payment sessions across ten merchants (the bench merchant has a tenth), two seconds apart,
   * and as many incoming transfers (the "Transaction" list): one paid each successful session.
   */
  paymentSessions?: number;
};

/** Runs of each wallet check per seeded account (every 30 minutes, newest first). */
const CHECK_RUNS_PER_TYPE = 24;
/** Connections per seeded phone (a reconnection every 10 minutes), for its connection log. */
const CONNECTIONS_PER_PHONE = 200;
/** Transfers per seeded account, all today: the list's daily totals sum real rows. */
const TRANSFERS_PER_ACCOUNT = 20;

export const bulkUserEmail = (n: number) => `bench-user-${n}@example.test`;
/** `bulkUserEmail` in SQL, of the column `n` of the statement's `generate_series`. */
const bulkUserEmailOfN = sql.raw(`'bench-user-' || n || '@example.test'`);

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
      select ${bulkUserEmailOfN},
             'Bench User ' || n,
             (${`{${roles.join(',')}}`}::smallint[])[1 + n % ${roles.length}],
             'active',
             ${passwordHash},
             now() - n * interval '1 second',
             now() - n * interval '1 second'
      from generate_series(1, ${plan.bulkUsers}::int) as s(n)
      on conflict (email) do nothing`);
  }
  for (const [first, count] of plan.signInHistory ?? []) await seedSignInHistory(database, first, count);
  if (plan.walletAccounts > 0) await seedWalletAccounts(database, plan.walletAccounts);
  await seedMerchantApi(database);
  if (plan.merchants > 0) await seedMerchantCatalog(database, plan.merchants);
  if (plan.withdrawals > 0) await seedWithdrawals(database, plan.withdrawals);
  await seedBenchMerchantUser(database, passwordHash);
  if (plan.paymentSessions) {
    await seedPaymentSessions(database, plan.paymentSessions);
    await seedDepositTransfers(database, plan.paymentSessions);
  }
  await settle(database);
}

/** Days of sign-in history per user (`SeedPlan.signInHistory`). */
const SIGN_IN_DAYS = 365;

/**
 * A year of daily sign-ins for bulk users first..first+count-1: each a session of 12 hours, ended
 * by logout on even days and by expiry on odd ones, and today's session, still live, for every
 * third user. A user who has sessions already is left alone (a re-run against the same database).
 */
async function seedSignInHistory(database: DatabaseHandle, first: number, count: number): Promise<void> {
  await database.db.execute(sql`
    insert into sessions (user_id, created_at, last_used_at, expires_at, revoked_at, revoked_reason)
    select u.id, now() - d * interval '1 day', now() - d * interval '1 day',
           now() - d * interval '1 day' + interval '12 hours',
           case when d > 0 and d % 2 = 0 then now() - d * interval '1 day' + interval '8 hours' end,
           case when d > 0 and d % 2 = 0 then 'logout' end
    from generate_series(${first}::int, ${first + count - 1}::int) as s(n)
    join users u on u.email = ${bulkUserEmailOfN}
    cross join generate_series(0, ${SIGN_IN_DAYS}::int) as days(d)
    where not exists (select 1 from sessions x where x.user_id = u.id)
      and (d > 0 or n % 3 = 0)`);
}

/**
 * The seed's aftermath done before anything is measured, not during it: fresh statistics (the
 * planner sees 100k rows rather than an empty table), the vacuum that a million inserted rows
 * would otherwise start in the background a minute later (setting hint bits and the visibility
 * map as it goes), and a checkpoint of the pages the seed dirtied. On PostgreSQL that work ran
 * on the core the benchmark gives PostgreSQL and autocannon, for minutes after the seed, and
 * each list's first round was up to 40 % dearer than its next two (users 349 µs a page, then
 * 261 and 241 µs): a busy PostgreSQL answers later, and an API that waits more between
 * requests spends more CPU on each.
 */
async function settle(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`vacuum (analyze)`);
  if (database.kind !== 'postgres') return;
  // A BENCH_POSTGRES_URL role may lack pg_checkpoint: then the checkpointer writes them in its own time.
  await database.db.execute(sql`checkpoint`).catch((error: unknown) => {
    if (!isInsufficientPrivilege(error)) throw error;
    console.log('[bench] no CHECKPOINT after the seed: this role may not run one');
  });
}

/**
 * A fleet behind the wallet dashboard: phones with 10 DANA accounts each, every account with
 * CHECK_RUNS_PER_TYPE runs of each wallet check (a few failing), every phone with as many runs of
 * each device check and CONNECTIONS_PER_PHONE past connections, and every account TRANSFERS_PER_ACCOUNT of
 * today's transfers, so a list page does the work a real one does (latest checks, daily totals,
 * movements). The transfers are older than the accounts (the owner's history from before they
 * joined), so deposit matching leaves them alone instead of working through them during the
 * measurements.
 */
async function seedWalletAccounts(database: DatabaseHandle, count: number): Promise<void> {
  const phones = Math.ceil(count / 10);
  await database.db.execute(sql`
    insert into devices (name, token_hash, is_simulated)
    select 'bench-phone-' || lpad(n::text, 4, '0'), 'bench-token-' || n, true
    from generate_series(1, ${phones}::int) as s(n)
    on conflict do nothing`);
  await database.db.execute(sql`
    insert into wallet_accounts (device_id, provider, label, account_number, holder_name, status, login_status,
                                 balance_minor, balance_read_at, health_state, created_at)
    select d.id, 'dana', 'Dana ' || lpad(n::text, 4, '0'), '08' || lpad(n::text, 10, '0'), 'Holder ' || n,
           case when n % 50 = 0 then 'auto_disabled' else 'active' end, 'logged_in',
           (n * 1000)::bigint, now(), case when n % 20 = 0 then 'failing' else 'healthy' end,
           now() - n * interval '1 millisecond'
    from generate_series(1, ${count}::int) as s(n)
    join devices d on d.name = 'bench-phone-' || lpad((1 + (n - 1) / 10)::text, 4, '0')
    on conflict do nothing`);
  // Half a day of the 30-minute schedule: the list must not get slower as histories grow.
  await database.db.execute(sql`
    insert into health_check_runs (device_id, wallet_account_id, type, status, trigger, command_id, started_at,
                                   finished_at, deadline_at, reason)
    select a.device_id, a.id, t.type,
           case when a.health_state = 'failing' and t.type = 'transfer' and k = 1 then 2 else 1 end,
           'schedule', gen_random_uuid()::text, now() - k * interval '30 minutes', now() - k * interval '30 minutes',
           now() - k * interval '29 minutes',
           case when a.health_state = 'failing' and t.type = 'transfer' and k = 1 then 'timeout' end
    from wallet_accounts a
    cross join (values ('get_balance'), ('transfer'), ('transaction_history'), ('get_qr_code')) as t(type)
    cross join generate_series(1, ${CHECK_RUNS_PER_TYPE}::int) as g(k)`);
  // Each phone's own checks on the same schedule, and its connection log: the device page's lists.
  await database.db.execute(sql`
    insert into health_check_runs (device_id, type, status, trigger, command_id, started_at, finished_at,
                                   deadline_at)
    select d.id, t.type, 1, 'schedule', gen_random_uuid()::text, now() - k * interval '30 minutes',
           now() - k * interval '30 minutes', now() - k * interval '29 minutes'
    from devices d
    cross join (values ('sms'), ('network'), ('ip'), ('app')) as t(type)
    cross join generate_series(1, ${CHECK_RUNS_PER_TYPE}::int) as g(k)
    where d.name like 'bench-phone-%'`);
  await database.db.execute(sql`
    insert into device_connections (device_id, connection_id, connected_at, disconnected_at, reason, ip)
    select d.id, 'bench-connection-' || k, now() - k * interval '10 minutes',
           now() - k * interval '10 minutes' + interval '9 minutes', 'transport close', '10.0.0.' || (k % 250)
    from devices d
    cross join generate_series(1, ${CONNECTIONS_PER_PHONE}::int) as g(k)
    where d.name like 'bench-phone-%'`);
  // What the server keeps in step after every run: health_state and the latest run of each type.
  const ids = await database.db.execute(sql`select id from wallet_accounts`);
  await createWalletsRepository(database.db).refreshHealthState(
    (ids as unknown as { rows: { id: string }[] }).rows.map((row) => row.id),
  );
  await database.db.execute(sql`
    insert into wallet_transactions (account_id, provider_transaction_id, direction, amount_minor, currency,
                                     occurred_at, source)
    select a.id, 'BENCH-' || a.account_number || '-' || k, case when k % 4 = 0 then 'out' else 'in' end,
           (10000 + k * 137)::bigint, 'IDR', now() - k * interval '1 minute', 'push'
    from wallet_accounts a
    cross join generate_series(1, ${TRANSFERS_PER_ACCOUNT}::int) as g(k)
    on conflict do nothing`);
  // What the insert path keeps in step: the per-day totals the dashboards read.
  await database.db.execute(sql`
    insert into wallet_daily_totals (account_id, day, direction, amount_minor, count)
    select account_id, (occurred_at at time zone 'Asia/Jakarta')::date, direction, sum(amount_minor), count(*)::int
    from wallet_transactions group by 1, 2, 3
    on conflict do nothing`);
}

/** The bench merchant's API token (every payments and withdrawals scope): a fixed secret, only ever on loopback. */
export const BENCH_API_TOKEN = `gbk_${'b'.repeat(43)}`;
export const BENCH_MERCHANT_ID = 'bbbbbbbb-0000-4000-8000-000000000001';
/** The bench merchant's console user (the merchant's own view of its lists); the plan's password. */
export const BENCH_MERCHANT_USER_EMAIL = 'bench-merchant@example.test';

/** The bench merchant's console user, its owner (BENCH_MERCHANT_USER_EMAIL), signing in with `passwordHash`'s password. */
export async function seedBenchMerchantUser(database: DatabaseHandle, passwordHash: string): Promise<void> {
  await database.db.execute(sql`
    insert into users (email, name, role_id, status, password_hash, merchant_id, merchant_role)
    values (${BENCH_MERCHANT_USER_EMAIL}, 'Bench Merchant', ${ROLE.Merchant}, 'active', ${passwordHash},
      ${BENCH_MERCHANT_ID}::uuid, 'owner')
    on conflict (email) do nothing`);
}

/**
 * A merchant with an API token for the merchant API's scenarios, and the table of the single-insert
 * baseline (one INSERT of a small JSON row: what any write route costs at the least).
 */
export async function seedMerchantApi(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`
    insert into merchants (id, name, code, currency, min_amount_minor, max_amount_minor, allowed_methods,
      webhook_secret_encrypted, payment_time_limit_minutes, deposit_fee_basis_points)
    values (${BENCH_MERCHANT_ID}::uuid, 'Bench Shop', 'BENCH-SHOP', 'IDR', 1, 1000000000000, array['dana','livin'],
      '', 15, 250)
    on conflict do nothing`);
  await database.db.execute(sql`
    insert into api_tokens (merchant_id, name, prefix, token_hash, scopes)
    values (${BENCH_MERCHANT_ID}::uuid, 'bench', ${BENCH_API_TOKEN.slice(0, 12)}, ${hashToken(BENCH_API_TOKEN)},
      array['payments:write','payments:read','balance:read','withdrawals:write','withdrawals:read'])
    on conflict do nothing`);
  // Money to pay customers out of (the withdraw page's benchmark holds a little of it each run).
  await database.db.transaction((tx) =>
    postJournal(tx, {
      kind: 'bench_funding',
      referenceType: 'bench',
      referenceId: BENCH_MERCHANT_ID,
      currency: 'IDR',
      memo: 'Bench funding: money the bench merchant may pay out',
      lines: [
        { account: LEDGER_ACCOUNTS.suspense('IDR'), amountMinor: 1_000_000_000n },
        { account: LEDGER_ACCOUNTS.merchantAvailable(BENCH_MERCHANT_ID, 'IDR'), amountMinor: -1_000_000_000n },
      ],
    }),
  );
  await database.db.execute(sql`
    create table if not exists bench_inserts (id uuid primary key default gen_random_uuid(), body jsonb not null,
      created_at timestamptz not null default now())`);
}

/**
 * Merchants with everything a real one has set (fees, limits, a callback, embed origins, a sealed
 * secret), named so the list's name order interleaves them, for the merchant list's page.
 */
async function seedMerchantCatalog(database: DatabaseHandle, count: number): Promise<void> {
  await database.db.execute(sql`
    insert into merchants (name, code, currency, min_amount_minor, max_amount_minor, allowed_methods,
      webhook_secret_encrypted, payment_time_limit_minutes, deposit_fee_basis_points, deposit_fee_fixed_minor,
      withdrawal_fee_basis_points, withdrawal_fee_fixed_minor, callback_url, embed_origins, payment_links_enabled)
    select 'Toko ' || md5(n::text), 'CATALOG-' || n, case when n % 4 = 0 then 'PHP' else 'IDR' end, 1000,
      100000000, array['dana','livin'], 'sealed-bench-secret', 15, 250, 1000, 100, 2500,
      'https://shop-' || n || '.example.test/gerbang/callback', array['https://shop-' || n || '.example.test'], n % 2 = 0
    from generate_series(1, ${count}::int) as g(n)
    on conflict do nothing`);
}

/**
 * The bench merchant's past settlements and customer withdrawals, one a minute, nearly all
 * finished (a list's rows, not money the run moves: they hold nothing in the ledger), the sent ones
 * with their sending account.
 */
async function seedWithdrawals(database: DatabaseHandle, count: number): Promise<void> {
  await database.db.execute(sql`
    with accounts as (select array_agg(id order by id) as ids from wallet_accounts)
    insert into withdrawals (kind, merchant_id, reference_number, currency, amount_minor, fee_minor, status,
      dest_provider, dest_account_number, dest_holder_name, verified_holder_name, wallet_account_id,
      transfer_reference, failure_reason, note, completed_at, created_at, updated_at)
    select case when n % 3 = 0 then 'settlement' else 'customer' end, ${BENCH_MERCHANT_ID}::uuid, 'BENCH-W-' || n,
      'IDR', 50000 + n, 2500, (array['success','success','success','failed','rejected','cancelled'])[1 + n % 6],
      'dana', '0812' || lpad(n::text, 8, '0'), 'Penerima ' || n, 'PENERIMA ' || n,
      case when n % 6 < 4 then accounts.ids[1 + n % array_length(accounts.ids, 1)] end,
      case when n % 6 < 3 then 'DANA-' || md5(n::text) end, case when n % 6 = 3 then 'destination_invalid' end,
      'Payout for order ' || n, now() - n * interval '1 minute' + interval '30 seconds',
      now() - n * interval '1 minute', now() - n * interval '1 minute' + interval '30 seconds'
    from generate_series(1, ${count}::int) as g(n), accounts
    on conflict do nothing`);
}

/** The reference numbers of the seeded sessions: `BENCH-<n>`, n = 1 newest. */
export const SEEDED_SESSION_PREFIX = 'BENCH-';
/** The provider ids of the seeded transfers: `BENCH-T-<n>`, paying session `BENCH-<n>`. */
const SEEDED_TRANSFER_PREFIX = 'BENCH-T-';

/** Sessions two seconds apart inside their 15-minute limit: only these may still be open. */
const OPEN_WINDOW_ROWS = 450;

/**
 * A million-row session table like a busy gateway's: ten merchants (the bench merchant and nine
 * others, round robin), two seconds apart (about 23 days), mostly ended (success 60 %, time-out
 * 34 %, failed 6 %), DANA and Livin' on the seeded accounts. Only the last 15 minutes' sessions
 * are open (created, processing): older open ones would keep the deadline sweep busy expiring
 * them during the measurement, which is not what a list costs.
 */
async function seedPaymentSessions(database: DatabaseHandle, count: number): Promise<void> {
  await database.db.execute(sql`
    insert into merchants (id, name, code, currency, min_amount_minor, max_amount_minor, allowed_methods,
      webhook_secret_encrypted, payment_time_limit_minutes)
    select ('bbbbbbbb-0000-4000-8000-00000000000' || m)::uuid, 'Bench Shop ' || m, 'BENCH-SHOP-' || m, 'IDR', 1,
      1000000000000, array['dana','livin'], '', 15
    from generate_series(2, 9) as g(m)
    on conflict do nothing`);
  await database.db.execute(sql`
    insert into merchants (id, name, code, currency, min_amount_minor, max_amount_minor, allowed_methods,
      webhook_secret_encrypted, payment_time_limit_minutes)
    values ('bbbbbbbb-0000-4000-8000-000000000010'::uuid, 'Bench Shop 10', 'BENCH-SHOP-10', 'IDR', 1,
      1000000000000, array['dana','livin'], '', 15)
    on conflict do nothing`);
  await database.db.execute(sql`
    with accounts as (select array_agg(id order by id) as ids from wallet_accounts),
         shops as (select array_agg(id order by id) as ids from merchants where code like 'BENCH-SHOP%')
    insert into payment_sessions (merchant_id, reference_number, currency, amount_minor, final_amount_minor, fee_minor,
      status, method, wallet_account_id, expires_at, paid_at, created_at, updated_at)
    select shops.ids[1 + n % array_length(shops.ids, 1)], ${SEEDED_SESSION_PREFIX} || n, 'IDR', 10000 + n, 10000 + n, 0,
      case when n % 100 < 60 then 'success' when n % 100 < 85 then 'expired' when n % 100 < 90 then 'failed'
           when n % 100 < 91 then (case when n <= ${OPEN_WINDOW_ROWS} then 'processing' else 'failed' end)
           else (case when n <= ${OPEN_WINDOW_ROWS} then 'created' else 'expired' end) end,
      case when n % 100 >= 91 then null when n % 10 < 7 then 'dana' else 'livin' end,
      case when n % 100 >= 91 then null else accounts.ids[1 + n % array_length(accounts.ids, 1)] end,
      now() - n * interval '2 seconds' + interval '15 minutes',
      case when n % 100 < 60 then now() - n * interval '2 seconds' + interval '3 minutes' end,
      now() - n * interval '2 seconds', now() - n * interval '2 seconds'
    from generate_series(1, ${count}::int) as s(n), accounts, shops`);
}

/** Transfers still awaiting an operator's review (paid late or unmatched, newest): a real queue's size. */
const OPEN_REVIEW_ROWS = 2_000;

/**
 * The "Transaction" list's million: an incoming transfer for every seeded session number, reported
 * three minutes after its session opened. Successful sessions were paid by theirs (matched, the
 * session's merchant recorded); of the rest, 30 % carry an expired session's amount (paid late),
 * 10 % match nothing. Only the newest few are still in the review queue; operators sent the older
 * ones back. Every transfer has its deposit_matches row, so the matching sweep has nothing to do.
 */
async function seedDepositTransfers(database: DatabaseHandle, count: number): Promise<void> {
  await database.db.execute(sql`
    with accounts as (select array_agg(id order by id) as ids from wallet_accounts)
    insert into wallet_transactions (account_id, provider_transaction_id, direction, amount_minor, currency,
      counterparty_name, occurred_at, reported_at, source)
    select accounts.ids[1 + n % array_length(accounts.ids, 1)], ${SEEDED_TRANSFER_PREFIX} || n, 'in',
      case when n % 100 < 90 then 10000 + n else 7777 + n end, 'IDR', 'Customer ' || n,
      now() - n * interval '2 seconds' + interval '3 minutes',
      now() - n * interval '2 seconds' + interval '3 minutes 5 seconds', 'push'
    from generate_series(1, ${count}::int) as s(n), accounts`);
  await database.db.execute(sql`
    insert into deposit_matches (wallet_transaction_id, wallet_account_id, outcome, payment_session_id,
      paid_merchant_id, resolution, resolution_note, resolved_at, created_at)
    select t.id, t.account_id,
      case when n % 100 < 60 then 'matched' when n % 100 < 90 then 'paid_late' else 'unmatched' end,
      case when n % 100 < 90 then s.id end,
      case when n % 100 < 60 then s.merchant_id end,
      case when n % 100 >= 60 and n > ${OPEN_REVIEW_ROWS} then 'refunded_outside' end,
      case when n % 100 >= 60 and n > ${OPEN_REVIEW_ROWS} then 'Sent back by bank transfer' end,
      case when n % 100 >= 60 and n > ${OPEN_REVIEW_ROWS} then t.reported_at + interval '1 hour' end,
      t.reported_at + interval '1 second'
    from (select id, account_id, reported_at, substr(provider_transaction_id, ${SEEDED_TRANSFER_PREFIX.length + 1})::int as n
          from wallet_transactions where provider_transaction_id like ${`${SEEDED_TRANSFER_PREFIX}%`}) t
    join payment_sessions s on s.reference_number = ${SEEDED_SESSION_PREFIX} || t.n`);
  await database.db.execute(sql`
    update payment_sessions s set wallet_transaction_id = m.wallet_transaction_id
    from deposit_matches m where m.outcome = 'matched' and m.payment_session_id = s.id`);
}
