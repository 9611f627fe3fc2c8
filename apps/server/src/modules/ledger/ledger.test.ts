import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMerchant } from '../../../test/helpers/test-app';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { merchantBalances, postJournal, UnbalancedJournalError } from './ledger';
import { LEDGER_ACCOUNTS } from './ledger-accounts';
import { ledgerViolations } from './ledger-invariants';

const MERCHANT = 'c2000000-0000-4000-8000-000000000001';
const { merchantAvailable, merchantPending, feeRevenue } = LEDGER_ACCOUNTS;

/** A deposit of `amount` with `fee`, as one balanced journal (cash is a fee-revenue stand-in here). */
const deposit = (referenceId: string, amount: bigint, fee: bigint) => ({
  kind: 'test_deposit',
  referenceType: 'test',
  referenceId,
  currency: 'IDR' as const,
  lines: [
    { account: LEDGER_ACCOUNTS.amountAdjustment('IDR'), amountMinor: amount },
    { account: merchantAvailable(MERCHANT, 'IDR'), amountMinor: -(amount - fee) },
    { account: feeRevenue('IDR'), amountMinor: -fee },
  ],
});

describe('the ledger', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureMerchant(database, MERCHANT);
  });
  afterAll(() => database.close());

  it("credits the merchant's available balance with a balanced journal", async () => {
    const db = database.db;
    expect(await postJournal(db, deposit(randomUUID(), 150_000n, 4_750n))).toBe(true);
    expect(await merchantBalances(db, MERCHANT, 'IDR')).toEqual({ availableMinor: 145_250n, pendingMinor: 0n });
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('posts a journal for one reference once: a replay moves nothing', async () => {
    const db = database.db;
    const reference = randomUUID();
    const before = await merchantBalances(db, MERCHANT, 'IDR');
    expect(await postJournal(db, deposit(reference, 10_000n, 0n))).toBe(true);
    expect(await postJournal(db, deposit(reference, 10_000n, 0n))).toBe(false);
    const after = await merchantBalances(db, MERCHANT, 'IDR');
    expect(after.availableMinor - before.availableMinor).toBe(10_000n);
  });

  it('refuses a journal that does not sum to zero, and writes nothing of it', async () => {
    const db = database.db;
    const before = await merchantBalances(db, MERCHANT, 'IDR');
    const broken = deposit(randomUUID(), 10_000n, 0n);
    broken.lines[0] = { account: LEDGER_ACCOUNTS.amountAdjustment('IDR'), amountMinor: 9_999n };
    await expect(db.transaction((tx) => postJournal(tx, broken))).rejects.toThrow(UnbalancedJournalError);
    expect(await merchantBalances(db, MERCHANT, 'IDR')).toEqual(before);
  });

  it('refuses a journal that moves no money, and keeps its reference free', async () => {
    const db = database.db;
    const reference = randomUUID();
    const nothing = deposit(reference, 0n, 0n);
    await expect(db.transaction((tx) => postJournal(tx, nothing))).rejects.toThrow(UnbalancedJournalError);
    expect(await postJournal(db, deposit(reference, 10_000n, 0n))).toBe(true);
  });

  it('never lets an available balance go below zero: the posting fails and nothing moves', async () => {
    const db = database.db;
    const { availableMinor } = await merchantBalances(db, MERCHANT, 'IDR');
    const hold = {
      kind: 'test_hold',
      referenceType: 'test',
      referenceId: randomUUID(),
      currency: 'IDR' as const,
      lines: [
        { account: merchantAvailable(MERCHANT, 'IDR'), amountMinor: availableMinor + 1n },
        { account: merchantPending(MERCHANT, 'IDR'), amountMinor: -(availableMinor + 1n) },
      ],
    };
    await expect(db.transaction((tx) => postJournal(tx, hold))).rejects.toThrow();
    expect((await merchantBalances(db, MERCHANT, 'IDR')).availableMinor).toBe(availableMinor);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('keeps balances equal to their entries under 40 concurrent postings, replays included', async () => {
    const db = database.db;
    const before = await merchantBalances(db, MERCHANT, 'IDR');
    const references = Array.from({ length: 20 }, () => randomUUID());
    // Each reference posted twice at once: exactly one of each pair moves money.
    const results = await Promise.all(
      [...references, ...references].map((reference) =>
        db.transaction((tx) => postJournal(tx, deposit(reference, 1_000n, 10n))),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(20);
    const after = await merchantBalances(db, MERCHANT, 'IDR');
    expect(after.availableMinor - before.availableMinor).toBe(20n * 990n);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('posts concurrent journals that list the same accounts in different orders, none refused as a deadlock', async () => {
    const db = database.db;
    const before = await merchantBalances(db, MERCHANT, 'IDR');
    // Each posting holds its transaction open a moment after its journal, as a payment's does.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const journal = deposit(randomUUID(), 2_000n, 20n);
        const lines = i % 2 === 0 ? journal.lines : [...journal.lines].reverse();
        return db.transaction(async (tx) => {
          const posted = await postJournal(tx, { ...journal, lines });
          await new Promise((resolve) => setTimeout(resolve, 5));
          return posted;
        });
      }),
    );
    expect(results.every(Boolean)).toBe(true);
    const after = await merchantBalances(db, MERCHANT, 'IDR');
    expect(after.availableMinor - before.availableMinor).toBe(30n * 1_980n);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("creates a journal's new accounts once when concurrent postings are their first", async () => {
    const db = database.db;
    const merchant = randomUUID();
    await ensureMerchant(database, merchant);
    const first = (referenceId: string) => ({
      ...deposit(referenceId, 5_000n, 50n),
      lines: [
        { account: LEDGER_ACCOUNTS.amountAdjustment('IDR'), amountMinor: 5_000n },
        { account: merchantAvailable(merchant, 'IDR'), amountMinor: -4_950n },
        { account: feeRevenue('IDR'), amountMinor: -50n },
      ],
    });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => db.transaction((tx) => postJournal(tx, first(randomUUID())))),
    );
    expect(results.every(Boolean)).toBe(true);
    expect((await merchantBalances(db, merchant, 'IDR')).availableMinor).toBe(8n * 4_950n);
    expect(await ledgerViolations(db)).toEqual([]);
  });
});
