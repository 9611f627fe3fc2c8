import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ensureMerchant, type TestApp } from '../../../test/helpers/test-app';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../db/schema';
import { metricsOf } from '../operations/metrics';
import { postJournal } from './ledger';
import { LEDGER_ACCOUNTS } from './ledger-accounts';
import { checkLedger } from './ledger-check';

const MERCHANT = 'c3000000-0000-4000-8000-000000000001';
const { merchantAvailable, merchantPending, amountAdjustment } = LEDGER_ACCOUNTS;

/** Fails with the database's message, so each refusal names the rule that refused it. */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  throw new Error('the database accepted it');
}

/** The ledger refuses, by itself, what no code path may ever do to it. */
describe('the ledger enforces itself', () => {
  let database: DatabaseHandle;
  const credit = (amount: bigint, referenceId = randomUUID()) =>
    postJournal(database.db, {
      kind: 'test_credit',
      referenceType: 'test',
      referenceId,
      currency: 'IDR',
      lines: [
        { account: amountAdjustment('IDR'), amountMinor: amount },
        { account: merchantAvailable(MERCHANT, 'IDR'), amountMinor: -amount },
      ],
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureMerchant(database, MERCHANT);
    await credit(100_000n);
  });
  afterAll(() => database.close());

  it('an entry or a journal cannot be changed or deleted: a correction is a new journal', async () => {
    const db = database.db;
    expect(await refusal(() => db.update(ledgerEntries).set({ amountMinor: 1n }))).toMatch(/append-only/);
    expect(await refusal(() => db.delete(ledgerEntries))).toMatch(/append-only/);
    expect(await refusal(() => db.update(ledgerJournals).set({ memo: 'edited' }))).toMatch(/append-only/);
    expect(await refusal(() => db.delete(ledgerJournals))).toMatch(/append-only/);
  });

  it("a withdrawal's hold is settled or released, never both", async () => {
    const withdrawal = randomUUID();
    const move = (kind: string) =>
      postJournal(database.db, {
        kind,
        referenceType: 'withdrawal',
        referenceId: withdrawal,
        currency: 'IDR',
        lines: [
          { account: merchantPending(MERCHANT, 'IDR'), amountMinor: 1_000n },
          { account: merchantAvailable(MERCHANT, 'IDR'), amountMinor: -1_000n },
        ],
      });
    await postJournal(database.db, {
      kind: 'withdrawal_hold',
      referenceType: 'withdrawal',
      referenceId: withdrawal,
      currency: 'IDR',
      lines: [
        { account: merchantAvailable(MERCHANT, 'IDR'), amountMinor: 2_000n },
        { account: merchantPending(MERCHANT, 'IDR'), amountMinor: -2_000n },
      ],
    });
    expect(await move('withdrawal_release')).toBe(true);
    expect(await refusal(() => move('withdrawal_settle'))).toMatch(/ledger_journals_hold_resolution_key/);
  });

  it("a merchant's pending balance never goes below zero", async () => {
    expect(
      await refusal(() =>
        postJournal(database.db, {
          kind: 'test_pending_out',
          referenceType: 'test',
          referenceId: randomUUID(),
          currency: 'IDR',
          lines: [
            { account: merchantPending(MERCHANT, 'IDR'), amountMinor: 5_000n },
            { account: amountAdjustment('IDR'), amountMinor: -5_000n },
          ],
        }),
      ),
    ).toMatch(/ledger_accounts_pending_not_negative/);
  });

  it("an account is its code in one currency, and an entry is in its journal's and its account's currency", async () => {
    // A PHP journal naming the IDR merchant's account gets an account of its own, never the IDR one.
    await postJournal(database.db, {
      kind: 'test_php',
      referenceType: 'test',
      referenceId: randomUUID(),
      currency: 'PHP',
      lines: [
        { account: amountAdjustment('PHP'), amountMinor: 500n },
        { account: merchantAvailable(MERCHANT, 'PHP'), amountMinor: -500n },
      ],
    });
    const accounts = await database.db
      .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, merchantAvailable(MERCHANT, 'IDR').code));
    expect(accounts.map((a) => a.currency).sort()).toEqual(['IDR', 'PHP']);
    // Written past the code, an entry of an IDR account in a PHP journal is refused.
    const [idrAccount] = await database.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        sql`${ledgerAccounts.code} = ${merchantAvailable(MERCHANT, 'IDR').code} and ${ledgerAccounts.currency} = 'IDR'`,
      );
    const [phpJournal] = await database.db
      .select({ id: ledgerJournals.id })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.kind, 'test_php'));
    expect(
      await refusal(() =>
        database.db.insert(ledgerEntries).values({
          journalId: phpJournal?.id as string,
          accountId: idrAccount?.id as string,
          currency: 'PHP',
          amountMinor: 1n,
        }),
      ),
    ).toMatch(/ledger_entries_account_currency_fk/);
  });
});

describe('the scheduled check of the books', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const violationsMetric = async () =>
    Number(/gerbang_ledger_invariant_violations (\d+)/.exec((await metricsOf(t.app.ctx).scrape()).body)?.[1]);

  it('finds what breaks an invariant, logs it and raises the metric; a sound ledger brings it back to 0', async () => {
    const merchant = randomUUID();
    await ensureMerchant(t.database, merchant);
    await postJournal(t.database.db, {
      kind: 'test_credit',
      referenceType: 'test',
      referenceId: randomUUID(),
      currency: 'IDR',
      lines: [
        { account: amountAdjustment('IDR'), amountMinor: 7_000n },
        { account: merchantAvailable(merchant, 'IDR'), amountMinor: -7_000n },
      ],
    });
    expect(await checkLedger(t.app.ctx)).toEqual([]);
    expect(await violationsMetric()).toBe(0);
    // A kept balance drifts from its entries (a bug, or a hand edit of the database).
    const drift = (by: bigint) =>
      t.database.db
        .update(ledgerAccounts)
        .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${by}` })
        .where(eq(ledgerAccounts.code, merchantAvailable(merchant, 'IDR').code));
    await drift(-1n);
    const found = await checkLedger(t.app.ctx);
    expect(found).toEqual([expect.stringMatching(/keeps -7001 but its entries sum to -7000/)]);
    expect(await violationsMetric()).toBe(1);
    await drift(1n);
    await checkLedger(t.app.ctx);
    expect(await violationsMetric()).toBe(0);
  });
});
