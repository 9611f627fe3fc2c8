import type { WithdrawalStatus } from '@gerbang/contract';
import type { Database } from '../../db/database';
import { type AuditEntry, createAuditRepository } from '../audit/audit.repository';
import { type Journal, postJournal } from '../ledger/ledger';
import type { WithdrawalChange, WithdrawalRecord } from './withdrawal-record';
import type { WithdrawalsRepository } from './withdrawals.repository';

/** Told of every change after it commits (realtime, balances). */
export type WithdrawalListener = (row: WithdrawalRecord, from: WithdrawalStatus | null) => void;

export type Move = WithdrawalChange & {
  /** The ledger movement of this change (release, settle), posted in its transaction. */
  journal?: (row: WithdrawalRecord) => Journal;
  /** The operator's action, audited in its transaction. */
  audit?: Omit<AuditEntry, 'targetType' | 'targetId'>;
  /** Taken before the transition, in its transaction (the outgoing transfer a settlement claims). */
  lockFirst?: (tx: Database) => Promise<void>;
  /** More work of the move, in its transaction, after its journal (an exception the claim withdraws). */
  alsoInTx?: (tx: Database, moved: WithdrawalRecord) => Promise<void>;
};

/**
 * The one way a withdrawal changes state: the guarded transition, its ledger journal and its audit
 * entry commit together or not at all; listeners hear of it, with the state it left, after the
 * commit. Returns null when the withdrawal was not in a state the move starts from (another actor
 * won).
 */
export function createWithdrawalMoves(deps: {
  db: Database;
  repo: WithdrawalsRepository;
  onChange: WithdrawalListener;
}) {
  return async function move(id: string, change: Move): Promise<WithdrawalRecord | null> {
    const moved = await deps.db.transaction(async (tx) => {
      if (change.lockFirst) await change.lockFirst(tx);
      const done = await deps.repo.transition(tx, id, change);
      if (!done) return null;
      if (change.journal) await postJournal(tx, change.journal(done.row));
      if (change.alsoInTx) await change.alsoInTx(tx, done.row);
      if (change.audit) {
        await createAuditRepository(tx).insert({ ...change.audit, targetType: 'withdrawal', targetId: id });
      }
      return done;
    });
    if (!moved) return null;
    deps.onChange(moved.row, moved.from);
    return moved.row;
  };
}
export type WithdrawalMove = ReturnType<typeof createWithdrawalMoves>;
