import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Live money, and test mode's (everything a test token or the console's test mode makes). */
export const LEDGER_BOOKS = ['live', 'test'] as const;

import { merchants } from './merchants';
import { walletAccounts } from './wallets';

/**
 * The ledger's accounts. Entries are signed, debit positive and credit negative, so every journal
 * sums to zero; `normal` says which way an account's balance is read: 1 for assets (cash at a
 * wallet account), -1 for what Gerbang owes or earns (a merchant's balances, fee revenue).
 * `balance_minor` is the running sum of the account's entries, kept by the posting statement and
 * checked against the entries by the tests; a merchant's available balance can never go below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "merchant:<id>:available", "wallet:<id>:cash", "fees:IDR": one account per purpose. */
    code: text('code').notNull(),
    kind: text('kind', {
      enum: [
        'merchant_available',
        'merchant_pending',
        'fee_revenue',
        'amount_adjustment',
        'wallet_cash',
        'suspense',
        'external_payouts',
        'payout_exceptions',
        'payout_losses',
        'sender_returns',
      ],
    }).notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    walletAccountId: uuid('wallet_account_id').references(() => walletAccounts.id, { onDelete: 'restrict' }),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    normal: smallint('normal').notNull(),
    /** Which book: live money, or test mode's (a test token's sessions); a journal never mixes them. */
    book: text('book', { enum: LEDGER_BOOKS }).notNull().default('live'),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    // An account is its purpose in one currency: a journal of another currency never finds it.
    uniqueIndex('ledger_accounts_code_currency_key').on(t.code, t.currency),
    // What an entry's foreign key points at: the account in the entry's currency.
    unique('ledger_accounts_id_currency_key').on(t.id, t.currency),
    // What an entry's book foreign key points at: the account in the entry's book.
    unique('ledger_accounts_id_book_key').on(t.id, t.book),
    index('ledger_accounts_merchant_idx').on(t.merchantId),
    check('ledger_accounts_normal_check', sql`${t.normal} in (1, -1)`),
    check(
      'ledger_accounts_available_not_negative',
      sql`${t.kind} <> 'merchant_available' or ${t.balanceMinor} * ${t.normal} >= 0`,
    ),
    // Holds are released or settled once each: what is pending never goes below zero either.
    check(
      'ledger_accounts_pending_not_negative',
      sql`${t.kind} <> 'merchant_pending' or ${t.balanceMinor} * ${t.normal} >= 0`,
    ),
  ],
);

/**
 * One movement of money: append-only (a trigger refuses UPDATE and DELETE of journals and entries,
 * migration 0027); a correction is a new journal.
 */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "deposit", later "withdrawal_hold", …: with the reference, posted at most once. */
    kind: text('kind').notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: uuid('reference_id').notNull(),
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    book: text('book', { enum: LEDGER_BOOKS }).notNull().default('live'),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_journals_kind_reference_key').on(t.kind, t.referenceId),
    // A withdrawal's hold is settled or released, never both.
    uniqueIndex('ledger_journals_hold_resolution_key')
      .on(t.referenceId)
      .where(sql`${t.kind} in ('withdrawal_settle', 'withdrawal_release')`),
    unique('ledger_journals_id_currency_key').on(t.id, t.currency),
    unique('ledger_journals_id_book_key').on(t.id, t.book),
    index('ledger_journals_reference_idx').on(t.referenceType, t.referenceId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** The journal's currency, and its account's: both foreign keys below hold it to them. */
    currency: text('currency', { enum: ['IDR', 'PHP'] }).notNull(),
    /** The journal's book, and its account's: the foreign keys below hold it to both, as the currency. */
    book: text('book', { enum: LEDGER_BOOKS }).notNull().default('live'),
    /** Debit positive, credit negative, in the journal's currency's minor units. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_entries_journal_currency_fk',
      columns: [t.journalId, t.currency],
      foreignColumns: [ledgerJournals.id, ledgerJournals.currency],
    }),
    foreignKey({
      name: 'ledger_entries_account_currency_fk',
      columns: [t.accountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    foreignKey({
      name: 'ledger_entries_journal_book_fk',
      columns: [t.journalId, t.book],
      foreignColumns: [ledgerJournals.id, ledgerJournals.book],
    }),
    foreignKey({
      name: 'ledger_entries_account_book_fk',
      columns: [t.accountId, t.book],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.book],
    }),
    index('ledger_entries_journal_idx').on(t.journalId),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    check('ledger_entries_not_zero', sql`${t.amountMinor} <> 0`),
  ],
);

/**
 * The last run of each self-check of the books (ledger-check.ts): when, and what it found. Written by
 * the one instance that ran it, read by every instance's metrics.
 */
export const ledgerChecks = pgTable('ledger_checks', {
  name: text('name').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  violations: integer('violations').notNull(),
  /** The first violations, as ledgerViolations words them. */
  sample: jsonb('sample').$type<string[]>().notNull(),
});
