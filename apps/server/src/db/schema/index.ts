/**
 * One PostgreSQL schema for PGlite and PostgreSQL alike, one file per context (drizzle-kit reads
 * this index). Only *.repository.ts files import it. Timestamps are timestamptz; ids are UUIDs made
 * by the database.
 */

export * from './alerts';
export * from './api-request-logs';
export * from './api-tokens';
export * from './audit';
export * from './countries';
export * from './devices';
export * from './health-checks';
export * from './ledger';
export * from './merchants';
export * from './payment-claims';
export * from './payment-sessions';
export * from './proxies';
export * from './saved-views';
export * from './scheduler';
export * from './second-factor';
export * from './team-approvals';
export * from './users';
export * from './wallets';
export * from './webhook-endpoints';
export * from './webhooks';
export * from './withdrawals';
