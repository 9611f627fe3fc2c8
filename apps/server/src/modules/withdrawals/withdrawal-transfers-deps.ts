import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { AgentLink } from '../agents/agent-link';
import type { WalletRecord } from '../wallets/wallet-record';
import type { SendingAccounts } from './sending-accounts';
import type { WithdrawalMove } from './withdrawal-moves';
import type { WithdrawalRecord } from './withdrawal-record';
import type { WithdrawalsRepository } from './withdrawals.repository';

/** What the payout engine (withdrawal-transfers.ts) is built on. */
export type WithdrawalTransfersDeps = {
  repo: WithdrawalsRepository;
  move: WithdrawalMove;
  senders: SendingAccounts;
  link: AgentLink;
  /**
   * In a settlement's transaction: the transfer it claims, if it was queued as a payout exception
   * meanwhile, is withdrawn from there (payout-exceptions.service.ts withdrawFor).
   */
  withdrawException(tx: Database, walletTransactionId: string, withdrawalId: string): Promise<void>;
  /** Records the transfer in the sending account's history (so limits and reconciliation see it). */
  recordOutgoing(account: WalletRecord, row: WithdrawalRecord, providerTransactionId: string): Promise<string | null>;
  /** Asks the sending account's phone for its history (for uncertain transfers). */
  readHistory(accountIds: string[]): Promise<void>;
  findAccount(id: string): Promise<WalletRecord | null>;
  /** A return is sent from the account its transfer arrived in (null: any account may send it). */
  returnedFromAccountId(row: WithdrawalRecord): Promise<string | null>;
  deadlineMs?: number;
  /** After the deadline, how long until an absent transfer proves it was not made. */
  historyLagMs: number;
  logger: FastifyBaseLogger;
};
