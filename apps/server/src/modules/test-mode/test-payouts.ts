import { randomBytes } from 'node:crypto';
import { type TestPayoutOutcome, testPayoutOutcomesFor } from '@gerbang/contract';
import { AppError, notFound } from '../../http/app-error';
import type { WithdrawalRecord } from '../withdrawals/withdrawal-record';
import type { WithdrawalTransfers } from '../withdrawals/withdrawal-transfers';
import type { WithdrawalsRepository } from '../withdrawals/withdrawals.repository';

/** The reference test mode's provider gives a transfer it made. */
const testReference = () => `TEST-${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * Test mode's provider ends a test withdrawal's transfer (docs/test-mode.md): deterministic, no
 * phone. Each outcome is the live lifecycle's own move, with its timeline, webhooks and journal
 * (in the test book), as a phone's answer, a silent phone or the account's history would make it:
 * - `paid`: the transfer went through (transfer_reported; from uncertain, found_in_history);
 * - `paid_late`: no answer by the deadline (went_uncertain, timeout), then the account's history
 *   shows it (found_in_history);
 * - `uncertain`: the provider could not tell (went_uncertain, outcome_unknown): the money stays
 *   held until `paid` or `failed`;
 * - `failed`: the provider refused it (transfer_failed; from uncertain, not_in_history): the hold
 *   is released.
 */
export function createTestPayouts(deps: {
  repo: Pick<WithdrawalsRepository, 'findById'>;
  transfers: Pick<WithdrawalTransfers, 'succeed' | 'fail' | 'goUncertain'>;
}) {
  const { transfers } = deps;

  /** A move that lost its race (another simulation, the deadline's sweep): 409, naming what it is now. */
  async function done(id: string, moved: WithdrawalRecord | null): Promise<WithdrawalRecord> {
    if (moved) return moved;
    const now = await deps.repo.findById(id);
    throw new AppError(
      'INVALID_STATE',
      `This withdrawal moved meanwhile (it is ${now?.status ?? 'gone'}); read it again`,
    );
  }

  const paid = (row: WithdrawalRecord) =>
    transfers.succeed(
      row,
      { walletTransactionId: null, reference: testReference() },
      row.status === 'processing' ? 'transfer_reported' : 'found_in_history',
    );

  return {
    /**
     * Simulates how a sent test withdrawal ends. `merchantId` (the merchant API) scopes the read:
     * another merchant's withdrawal is "not found". A live withdrawal is never touched.
     */
    async simulate(id: string, outcome: TestPayoutOutcome, merchantId?: string): Promise<WithdrawalRecord> {
      const row = await deps.repo.findById(id, merchantId);
      if (!row) throw notFound('Withdrawal');
      if (row.livemode) {
        throw new AppError('FORBIDDEN', 'This is a live withdrawal: only test withdrawals can be simulated');
      }
      const possible = testPayoutOutcomesFor(row.status);
      if (possible.length === 0) {
        throw new AppError(
          'INVALID_STATE',
          `This withdrawal is ${row.status}; only one being sent (processing or uncertain) can be simulated`,
        );
      }
      if (!possible.includes(outcome)) {
        throw new AppError('INVALID_STATE', 'This withdrawal is uncertain already; simulate paid or failed');
      }
      switch (outcome) {
        case 'paid':
          return done(id, await paid(row));
        case 'uncertain':
          return done(id, await transfers.goUncertain(row, 'outcome_unknown'));
        case 'paid_late':
          return done(id, await paid(await done(id, await transfers.goUncertain(row, 'timeout'))));
        case 'failed':
          return done(
            id,
            row.status === 'processing'
              ? await transfers.fail(row, { event: 'transfer_failed', reason: 'destination_invalid' })
              : await transfers.fail(row, { event: 'not_in_history', reason: 'not_in_history' }),
          );
      }
    },
  };
}
export type TestPayouts = ReturnType<typeof createTestPayouts>;
