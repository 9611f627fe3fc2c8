import { formatAmount } from '@gerbang/contract';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { isCheckViolation } from '../../db/pg-errors';
import type { withdrawals } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { postJournal } from '../ledger/ledger';
import { holdJournal } from './withdrawal-journals';
import type { WithdrawalRecord } from './withdrawal-record';
import type { WithdrawalsRepository } from './withdrawals.repository';

/**
 * Creates a withdrawal and holds its amount and fee in the caller's transaction: both or neither.
 * The ledger refuses a hold the available balance does not cover (422 INSUFFICIENT_BALANCE, which
 * rolls the withdrawal back too); a reference the merchant used before is a 409.
 */
export async function insertHeld(
  tx: Database,
  repo: Pick<WithdrawalsRepository, 'insert'>,
  fields: PgInsertValue<typeof withdrawals>,
): Promise<WithdrawalRecord> {
  const created = await repo.insert(tx, fields);
  if (!created) {
    throw new AppError('CONFLICT', 'A withdrawal with this reference number exists', {
      fields: { 'body.referenceNumber': 'This merchant already used this reference number' },
    });
  }
  try {
    await tx.transaction((savepoint) => postJournal(savepoint, holdJournal(created)));
  } catch (error) {
    if (!isCheckViolation(error, 'ledger_accounts_available_not_negative')) throw error;
    const total = formatAmount(created.amountMinor + created.feeMinor, created.currency);
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      `The available balance does not cover ${total} (the amount and its fee); nothing was held`,
      { fields: { 'body.amount': 'More than the available balance (with the fee)' } },
    );
  }
  return created;
}
