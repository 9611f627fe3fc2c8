import {
  createApiPaymentSession,
  currentUser,
  getWalletSummary,
  listDepositTransfers,
  listDeviceConnections,
  listDeviceHealthChecks,
  listMerchants,
  listPaymentSessions,
  listWalletChecks,
  listWallets,
  listWalletTransactions,
  listWithdrawals,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  signin,
} from '@gerbang/contract';
import { usersPagePath } from './api';
import type { LoadOptions, LoadRequest } from './load';
import { BENCH_API_TOKEN, BENCH_MERCHANT_ID, bulkUserEmail, SEEDED_SESSION_PREFIX } from './seed';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Targets from issue 2 (Benchmarks) and issue 9 (`memory-ratio`: the server's CPU per request at
 * most `max` times what the same page costs served from memory); `none` rows are for context.
 */
export type Target =
  | { kind: 'ratio'; min: number }
  | { kind: 'p95'; maxMs: number }
  | { kind: 'memory-ratio'; max: number }
  | { kind: 'none' };

export type ScenarioContext = {
  url: string;
  token: string;
  deepCursor: string;
  password: string;
  /** A receiving account that has seeded sessions (the account filter's value). */
  sessionAccountId?: string;
  /** The phone that account lives on (its check history and connection log). */
  sessionDeviceId?: string;
  /** The bench merchant's console user (lists as a merchant sees them). */
  merchantToken?: string;
};

export type Scenario = {
  id: string;
  title: string;
  database: DatabaseKind;
  target: Target;
  load(ctx: ScenarioContext): LoadOptions;
  /**
   * A list's page: the run also measures the same answer served from memory by the bare server
   * (its first request's body, fetched once), and reports the CPU per request against it.
   */
  listPage?: boolean;
  /** The paired baseline on the same server (default: the bare route in its own process). */
  baseline?: { title: string; load(ctx: ScenarioContext): LoadOptions };
};

export const USERS_SEEDED = Number(process.env.BENCH_USERS ?? 100_000);
/** Rows behind the deep page (reached by following nextCursor). */
export const DEEP_OFFSET = Math.min(Number(process.env.BENCH_DEEP_OFFSET ?? 50_000), USERS_SEEDED - 100);
/** Distinct accounts the sign-in load rotates through (a per-account limit must not be what is measured). */
export const SIGNIN_POOL = 100;
export const SIGNIN_RATE = 20;
export const SIGNIN_SECONDS = Number(process.env.BENCH_SIGNIN_DURATION ?? 15);
export const WALLET_ACCOUNTS_SEEDED = Number(process.env.BENCH_WALLETS ?? 1000);
export const MERCHANTS_SEEDED = Number(process.env.BENCH_MERCHANTS ?? 200);
export const WITHDRAWALS_SEEDED = Number(process.env.BENCH_WITHDRAWALS ?? 20_000);
/** Dashboard reads per second: 20 operators' consoles each refetching once a second, a busy control room. */
export const WALLET_LIST_RATE = 20;

/** Issue 9: a list page's CPU per request within 3x of the same page served from memory. */
const LIST_CPU_TARGET: Target = { kind: 'memory-ratio', max: 3 };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const currentUserLoad = (ctx: ScenarioContext): LoadOptions => ({
  url: ctx.url,
  requests: [{ method: currentUser.method, path: currentUser.path, headers: bearer(ctx.token) }],
});

const usersPageLoad =
  (deep: boolean) =>
  (ctx: ScenarioContext): LoadOptions => ({
    url: ctx.url,
    requests: [
      {
        method: 'GET',
        path: usersPagePath(PAGE_SIZE_DEFAULT, deep ? ctx.deepCursor : undefined),
        headers: bearer(ctx.token),
      },
    ],
  });

const signinLoad = (ctx: ScenarioContext): LoadOptions => {
  const requests: LoadRequest[] = Array.from({ length: SIGNIN_POOL }, (_, i) => ({
    method: signin.method,
    path: signin.path,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: bulkUserEmail(i + 1), password: ctx.password }),
  }));
  return { url: ctx.url, requests, pacedRate: SIGNIN_RATE, durationSeconds: SIGNIN_SECONDS };
};

/** The wallet dashboard: its first page (PAGE_SIZE_MAX rows) and its summary cards, at a steady rate. */
const walletDashboardLoad =
  (path: string) =>
  (ctx: ScenarioContext): LoadOptions => ({
    url: ctx.url,
    requests: [{ method: 'GET', path, headers: bearer(ctx.token) }],
    pacedRate: WALLET_LIST_RATE,
    durationSeconds: SIGNIN_SECONDS,
  });
const walletPagePath = (limit: number) => `${listWallets.path}?provider=dana&sort=label&limit=${limit}`;
const walletSummaryPath = `${getWalletSummary.path}?provider=dana`;

/** An operator list flat out (10 connections), its first page of PAGE_SIZE_DEFAULT: its CPU per request. */
const listFlatOut = (id: string, title: string, path: string | ((ctx: ScenarioContext) => string)): Scenario => ({
  id,
  title,
  database: 'postgres',
  target: LIST_CPU_TARGET,
  listPage: true,
  load: (ctx: ScenarioContext): LoadOptions => ({
    url: ctx.url,
    requests: [{ method: 'GET', path: typeof path === 'string' ? path : path(ctx), headers: bearer(ctx.token) }],
  }),
});

const WALLETS_FLAT_OUT = listFlatOut(
  'wallets-page-flat-out-postgres',
  `GET /wallets?limit=${PAGE_SIZE_DEFAULT} of ${WALLET_ACCOUNTS_SEEDED} accounts, flat out`,
  walletPagePath(PAGE_SIZE_DEFAULT),
);

const MERCHANTS_FLAT_OUT = listFlatOut(
  'merchants-page-flat-out-postgres',
  `GET /merchants?limit=${PAGE_SIZE_DEFAULT} of ${MERCHANTS_SEEDED} merchants, flat out`,
  `${listMerchants.path}?limit=${PAGE_SIZE_DEFAULT}`,
);

const WITHDRAWALS_FLAT_OUT = listFlatOut(
  'withdrawals-page-flat-out-postgres',
  `GET /withdrawal-requests?limit=${PAGE_SIZE_DEFAULT} of ${WITHDRAWALS_SEEDED / 1000}k withdrawals, flat out`,
  `${listWithdrawals.path}?limit=${PAGE_SIZE_DEFAULT}`,
);

const walletScenarios = (database: DatabaseKind): Scenario[] => [
  {
    id: `wallets-page-${database}`,
    title: `GET /wallets, page of ${PAGE_SIZE_MAX} of ${WALLET_ACCOUNTS_SEEDED} accounts at ${WALLET_LIST_RATE}/s`,
    database,
    target: { kind: 'p95', maxMs: 100 },
    load: walletDashboardLoad(walletPagePath(PAGE_SIZE_MAX)),
  },
  {
    id: `wallets-summary-${database}`,
    title: `GET /wallets/summary over ${WALLET_ACCOUNTS_SEEDED} accounts at ${WALLET_LIST_RATE}/s`,
    database,
    target: { kind: 'p95', maxMs: 100 },
    load: walletDashboardLoad(walletSummaryPath),
  },
];

const UNIQUE = '{unique}';
/** One INSERT of a small JSON row through the same server and pool: the least a write costs. */
const singleInsertLoad = (ctx: ScenarioContext): LoadOptions => ({
  url: ctx.url,
  requests: [
    {
      method: 'POST',
      path: '/bench/single-insert',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ referenceNumber: `INS-${UNIQUE}`, amount: '150000' }),
      uniqueToken: UNIQUE,
    },
  ],
});
/** A merchant's server opening sessions: a new idempotency key and reference every time. */
export const paymentSessionCreateLoad = (ctx: ScenarioContext): LoadOptions => ({
  url: ctx.url,
  requests: [
    {
      method: createApiPaymentSession.method,
      path: createApiPaymentSession.path,
      headers: {
        authorization: `Bearer ${BENCH_API_TOKEN}`,
        'content-type': 'application/json',
        'idempotency-key': `key-${UNIQUE}`,
      },
      body: JSON.stringify({ referenceNumber: `INV-${UNIQUE}`, amount: '150000.00', customer: { name: 'Bench' } }),
      uniqueToken: UNIQUE,
    },
  ],
});

export const SESSIONS_SEEDED = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
/** An operator console reading session lists: 20 pages a second, a busy back office. */
const SESSION_LIST_RATE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Each filter of the operators' session list, on the first page of 50. */
const SESSION_LIST_FILTERS: Record<string, (ctx: ScenarioContext) => string> = {
  none: () => '',
  merchant: () => `merchantId=${BENCH_MERCHANT_ID}`,
  'merchant-status': () => `merchantId=${BENCH_MERCHANT_ID}&status=success`,
  // The rarest state (1 %): its index must carry it, a walk of the newest rows would not.
  status: () => 'status=processing',
  method: () => 'method=livin',
  account: (ctx) => `walletAccountId=${ctx.sessionAccountId}`,
  search: () => `search=${SEEDED_SESSION_PREFIX}4242`,
  // A day ten days back: the newest rows are skipped by the index, not read.
  'created-range': () => {
    const to = new Date(Date.now() - 10 * DAY_MS);
    return `createdFrom=${new Date(to.getTime() - DAY_MS).toISOString()}&createdTo=${to.toISOString()}`;
  },
};

export const SESSION_LIST_SCENARIOS: Scenario[] = Object.entries(SESSION_LIST_FILTERS).map(([name, query]) => ({
  id: `sessions-list-${name}-postgres`,
  title: `GET /payment-sessions?limit=50 (${name === 'none' ? 'no filter' : name}) of ${SESSIONS_SEEDED / 1000}k sessions at ${SESSION_LIST_RATE}/s`,
  database: 'postgres' as const,
  target: { kind: 'p95' as const, maxMs: 50 },
  load: (ctx: ScenarioContext): LoadOptions => ({
    url: ctx.url,
    requests: [
      {
        method: 'GET',
        path: `${listPaymentSessions.path}?limit=${PAGE_SIZE_DEFAULT}&${query(ctx)}`,
        headers: bearer(ctx.token),
      },
    ],
    pacedRate: SESSION_LIST_RATE,
    durationSeconds: SIGNIN_SECONDS,
  }),
}));

/** The first page flat out (10 connections): its CPU per request, beside the in-memory page's. */
SESSION_LIST_SCENARIOS.push({
  id: 'sessions-list-flat-out-postgres',
  title: `GET /payment-sessions?limit=50 of ${SESSIONS_SEEDED / 1000}k sessions, flat out`,
  database: 'postgres',
  target: LIST_CPU_TARGET,
  listPage: true,
  load: (ctx: ScenarioContext): LoadOptions => ({
    url: ctx.url,
    requests: [
      { method: 'GET', path: `${listPaymentSessions.path}?limit=${PAGE_SIZE_DEFAULT}`, headers: bearer(ctx.token) },
    ],
  }),
});

/** A receiving account's log (a share of the seeded transfers), its first page flat out. */
SESSION_LIST_SCENARIOS.push(
  listFlatOut(
    'wallet-transactions-flat-out-postgres',
    `GET /wallets/:id/transactions?limit=${PAGE_SIZE_DEFAULT} of an account that received seeded sessions, flat out`,
    (ctx) => `${listWalletTransactions.path.replace(':id', ctx.sessionAccountId ?? '')}?limit=${PAGE_SIZE_DEFAULT}`,
  ),
);

/** The same account's check history (four checks every 30 minutes), its first page flat out. */
SESSION_LIST_SCENARIOS.push(
  listFlatOut(
    'wallet-checks-flat-out-postgres',
    `GET /wallets/:id/health-checks?limit=${PAGE_SIZE_DEFAULT} of an account's seeded check runs, flat out`,
    (ctx) => `${listWalletChecks.path.replace(':id', ctx.sessionAccountId ?? '')}?limit=${PAGE_SIZE_DEFAULT}`,
  ),
);

/** That account's phone: its own check history (four checks every 30 minutes), first page flat out. */
SESSION_LIST_SCENARIOS.push(
  listFlatOut(
    'device-checks-flat-out-postgres',
    `GET /devices/:id/health-checks?limit=${PAGE_SIZE_DEFAULT} of a phone's seeded check runs, flat out`,
    (ctx) => `${listDeviceHealthChecks.path.replace(':id', ctx.sessionDeviceId ?? '')}?limit=${PAGE_SIZE_DEFAULT}`,
  ),
);

/** The same phone's connection log (a reconnection every 10 minutes), first page flat out. */
SESSION_LIST_SCENARIOS.push(
  listFlatOut(
    'device-connections-flat-out-postgres',
    `GET /devices/:id/connections?limit=${PAGE_SIZE_DEFAULT} of a phone's seeded connections, flat out`,
    (ctx) => `${listDeviceConnections.path.replace(':id', ctx.sessionDeviceId ?? '')}?limit=${PAGE_SIZE_DEFAULT}`,
  ),
);

/** Each filter of the "Transaction" list (incoming transfers), as an Admin or as the merchant. */
const TRANSACTION_LIST_FILTERS: Record<string, { query: string; asMerchant?: boolean }> = {
  none: { query: '' },
  outcome: { query: 'outcome=unmatched' },
  // The review queue: the few open ones among a million.
  'awaiting-review': { query: 'awaitingReview=true' },
  'outcome-awaiting-review': { query: 'outcome=paid_late&awaitingReview=true' },
  merchant: { query: '', asMerchant: true },
  'merchant-outcome': { query: 'outcome=matched', asMerchant: true },
};

export const TRANSACTION_LIST_SCENARIOS: Scenario[] = Object.entries(TRANSACTION_LIST_FILTERS).map(
  ([name, { query, asMerchant }]) => ({
    id: `transactions-list-${name}-postgres`,
    title: `GET /transactions?limit=50 (${name === 'none' ? 'no filter' : name}) of ${SESSIONS_SEEDED / 1000}k transfers at ${SESSION_LIST_RATE}/s`,
    database: 'postgres' as const,
    target: { kind: 'p95' as const, maxMs: 50 },
    load: (ctx: ScenarioContext): LoadOptions => ({
      url: ctx.url,
      requests: [
        {
          method: 'GET',
          path: `${listDepositTransfers.path}?limit=${PAGE_SIZE_DEFAULT}${query ? `&${query}` : ''}`,
          headers: bearer((asMerchant ? ctx.merchantToken : ctx.token) ?? ''),
        },
      ],
      pacedRate: SESSION_LIST_RATE,
      durationSeconds: SIGNIN_SECONDS,
    }),
  }),
);

export const SCENARIOS: Scenario[] = [
  {
    id: 'current-user-pglite',
    title: 'GET /auth/current-user',
    database: 'pglite',
    target: { kind: 'ratio', min: 0.4 },
    load: currentUserLoad,
  },
  {
    id: 'users-first-pglite',
    title: `GET /users?limit=50, first page of ${USERS_SEEDED / 1000}k`,
    database: 'pglite',
    target: { kind: 'ratio', min: 0.1 },
    load: usersPageLoad(false),
    listPage: true,
  },
  {
    id: 'users-deep-pglite',
    title: `GET /users?limit=50, page after ${DEEP_OFFSET / 1000}k rows`,
    database: 'pglite',
    target: { kind: 'ratio', min: 0.1 },
    load: usersPageLoad(true),
    listPage: true,
  },
  {
    id: 'signin-pglite',
    title: `POST /auth/signin at ${SIGNIN_RATE}/s`,
    database: 'pglite',
    target: { kind: 'p95', maxMs: 250 },
    load: signinLoad,
  },
  ...walletScenarios('pglite'),
  {
    id: 'users-first-postgres',
    title: `GET /users?limit=50, first page of ${USERS_SEEDED / 1000}k`,
    database: 'postgres',
    target: { kind: 'ratio', min: 0.2 },
    load: usersPageLoad(false),
    listPage: true,
  },
  {
    id: 'users-deep-postgres',
    title: `GET /users?limit=50, page after ${DEEP_OFFSET / 1000}k rows`,
    database: 'postgres',
    target: { kind: 'ratio', min: 0.2 },
    load: usersPageLoad(true),
    listPage: true,
  },
  {
    id: 'signin-postgres',
    title: `POST /auth/signin at ${SIGNIN_RATE}/s`,
    database: 'postgres',
    target: { kind: 'none' },
    load: signinLoad,
  },
  ...walletScenarios('postgres'),
  WALLETS_FLAT_OUT,
  MERCHANTS_FLAT_OUT,
  WITHDRAWALS_FLAT_OUT,
  {
    id: 'payment-sessions-create-postgres',
    title:
      'POST /v1/payment-sessions (API token, idempotency key, session + timeline + webhook outbox in one statement)',
    database: 'postgres',
    // Issue 31's target. Measured 20.5-25.4 % (2026-11-26, docs/benchmarks.md): two round trips
    // (the token's read, then one statement), PostgreSQL writing four rows and 19 index entries
    // against the baseline's one and one.
    target: { kind: 'ratio', min: 0.3 },
    load: paymentSessionCreateLoad,
    baseline: { title: 'single INSERT route', load: singleInsertLoad },
  },
  ...SESSION_LIST_SCENARIOS,
  ...TRANSACTION_LIST_SCENARIOS,
];
