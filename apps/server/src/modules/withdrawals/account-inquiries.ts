import { randomUUID } from 'node:crypto';
import {
  accountInquiryResultDataSchema,
  type CommandResult,
  type Currency,
  type PayoutProvider,
  WALLET_COMMAND_DEADLINE_MS,
  type WalletProvider,
} from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AgentLink } from '../agents/agent-link';
import { COMMAND_ACK_TIMEOUT_MS, dispatchCommand } from '../agents/command-dispatch';
import { testInquiryOutcome } from '../test-mode/test-inquiries';
import type { AccountInquiriesRepository, InquiryOutcome, InquiryRecord } from './account-inquiries.repository';
import type { SendingAccounts } from './sending-accounts';
import type { WithdrawalRecord } from './withdrawal-record';

export type InquirySubject = { type: InquiryRecord['subjectType']; id: string };
export type InquiryDestination = {
  provider: PayoutProvider;
  accountNumber: string;
  currency: Currency;
  livemode: boolean;
  /** The holder the merchant named, if it did (what the test provider answers). */
  holderName?: string;
};

/** What an inquiry asks about a withdrawal's destination (a customer's, a refund's, a return's). */
export const inquiryDestinationOf = (row: WithdrawalRecord): InquiryDestination => ({
  provider: row.destProvider as PayoutProvider,
  accountNumber: row.destAccountNumber,
  currency: row.currency,
  livemode: row.livemode,
  holderName: row.destHolderName,
});

/**
 * Account-name inquiries: a ready phone asks its provider whose a destination account is. Each
 * inquiry ends once (answered, refused, timed out, or its phone went away) and its subject (a
 * payout method, a customer withdrawal) is told how.
 */
export function createAccountInquiries(deps: {
  repo: AccountInquiriesRepository;
  senders: SendingAccounts;
  link: AgentLink;
  deadlineMs?: number;
  logger: FastifyBaseLogger;
  onFinished(inquiry: InquiryRecord): Promise<void>;
}) {
  const { repo, logger } = deps;
  const inFlight = new Set<Promise<void>>();

  async function finish(id: string, outcome: InquiryOutcome): Promise<boolean> {
    const ended = await repo.finish(id, outcome);
    if (ended) await deps.onFinished(ended);
    return ended !== null;
  }

  async function dispatch(
    inquiry: InquiryRecord,
    account: { id: string; provider: WalletProvider; accountNumber: string },
  ) {
    const outcome = await dispatchCommand(
      deps.link,
      inquiry.deviceId as string,
      {
        id: inquiry.commandId,
        type: 'account-inquiry',
        deadlineAt: inquiry.deadlineAt.toISOString(),
        payload: {
          account,
          destination: { provider: inquiry.provider as PayoutProvider, accountNumber: inquiry.accountNumber },
        },
      },
      { ackTimeoutMs: COMMAND_ACK_TIMEOUT_MS, logger },
    );
    if (outcome.kind === 'failed') {
      await finish(inquiry.id, { status: 'failed', failureReason: outcome.reason, message: outcome.message });
    }
  }

  return {
    isRunningFor: (subjectId: string) => repo.isRunningFor(subjectId),

    /**
     * Asks about a destination through the readiest phone; with none ready it fails at once. Test
     * mode's (`livemode: false`) asks no phone: the test provider answers at once (test-inquiries.ts).
     */
    async start(subject: InquirySubject, destination: InquiryDestination): Promise<InquiryRecord> {
      const base = {
        commandId: randomUUID(),
        subjectType: subject.type,
        subjectId: subject.id,
        provider: destination.provider,
        accountNumber: destination.accountNumber,
        deadlineAt: new Date(Date.now() + (deps.deadlineMs ?? WALLET_COMMAND_DEADLINE_MS)),
      };
      if (!destination.livemode) {
        const inquiry = await repo.insert({ ...base, status: 'running' });
        await finish(inquiry.id, testInquiryOutcome(destination));
        return inquiry;
      }
      const [sender] = await deps.senders.candidates({
        currency: destination.currency,
        capability: 'account_inquiry',
      });
      if (!sender) {
        const inquiry = await repo.insert({ ...base, status: 'running' });
        await finish(inquiry.id, { status: 'failed', failureReason: 'no_sender_available' });
        return inquiry;
      }
      const inquiry = await repo.insert({
        ...base,
        status: 'running',
        walletAccountId: sender.id,
        deviceId: sender.deviceId,
      });
      const job = dispatch(inquiry, { id: sender.id, provider: sender.provider, accountNumber: sender.accountNumber })
        .catch((error) => logger.error({ err: error, inquiryId: inquiry.id }, 'inquiry dispatch failed'))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
      return inquiry;
    },

    /** A phone's answer; false when it is not one of this phone's running inquiries. */
    async complete(deviceId: string, result: CommandResult): Promise<boolean> {
      const inquiry = await repo.findRunning(result.commandId, deviceId);
      if (!inquiry) return false;
      if (!result.ok) {
        const reason = result.errorCode === 'account_not_found' ? 'account_not_found' : 'failed';
        return finish(inquiry.id, { status: 'failed', failureReason: reason, message: result.error ?? null });
      }
      const data = accountInquiryResultDataSchema.safeParse(result.data ?? {});
      if (!data.success) {
        return finish(inquiry.id, {
          status: 'failed',
          failureReason: 'failed',
          message: 'The phone reported no holder name: data.holderName',
        });
      }
      return finish(inquiry.id, { status: 'ok', holderName: data.data.holderName });
    },

    async failOverdue() {
      for (const ended of await repo.finishOverdue()) await deps.onFinished(ended);
    },

    async failAllOfDevice(deviceId: string) {
      for (const ended of await repo.finishAllOfDevice(deviceId)) await deps.onFinished(ended);
    },

    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type AccountInquiries = ReturnType<typeof createAccountInquiries>;
