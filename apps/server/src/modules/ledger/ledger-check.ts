import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/database';
import { ledgerChecks } from '../../db/schema';
import { ledgerViolations } from './ledger-invariants';

const CHECK = 'ledger_invariants';
const SAMPLE_SIZE = 20;

/** The last check's result, as every instance's metrics read it; null before the first run. */
export async function lastLedgerCheck(db: Database) {
  const [row] = await db.select().from(ledgerChecks).where(eq(ledgerChecks.name, CHECK));
  return row ?? null;
}

/**
 * Runs ledgerViolations against the database (every journal sums to zero, kept balances equal
 * their entries, no negative available balance, every hold resolved as its withdrawal's state
 * says, pending equals what open withdrawals hold) and records what it found; a violation is
 * logged as an error and raises the gerbang_ledger_invariant_violations metric.
 */
export async function checkLedger(ctx: Pick<AppContext, 'db' | 'logger'>): Promise<string[]> {
  const violations = await ledgerViolations(ctx.db);
  const result = { checkedAt: sql`now()`, violations: violations.length, sample: violations.slice(0, SAMPLE_SIZE) };
  await ctx.db
    .insert(ledgerChecks)
    .values({ name: CHECK, ...result })
    .onConflictDoUpdate({ target: ledgerChecks.name, set: result });
  if (violations.length > 0) {
    ctx.logger.error({ violations: result.sample, count: violations.length }, 'the ledger breaks its invariants');
  }
  return violations;
}

/** The scheduled check, once across instances (LEDGER_CHECK_SCHEDULE_MINUTES). */
export function registerLedgerCheck(ctx: AppContext): void {
  ctx.scheduler.every('ledger.invariants', ctx.config.LEDGER_CHECK_SCHEDULE_MINUTES * 60_000, async () => {
    await checkLedger(ctx);
  });
}
