import { type AgentError, type WalletTransactionsReport, walletTransactionsReportSchema } from '@gerbang/contract';
import type { PhoneWallets } from './wallets/phone-wallets';

/**
 * A phone's reports of the transfers it saw (agent event wallet:transactions), one report per
 * account, until the server acknowledges them: sent at once when a transfer arrives (right after the
 * reports on their way, when some are), and again with every heartbeat for anything not
 * acknowledged yet.
 */
export class TransferReports {
  /** A report is on its way. */
  private sending = false;
  /** A transfer arrived while reports were on their way: send again as soon as they are answered. */
  private again = false;

  constructor(
    private readonly deps: {
      wallets: PhoneWallets;
      isOnline: () => boolean;
      emit: (report: WalletTransactionsReport) => Promise<'ok' | AgentError['code'] | 'no_ack'>;
      onReported: (count: number) => void;
    },
  ) {}

  /** Sends what the phone has seen and the server has not acknowledged, one report per account. */
  async send(): Promise<void> {
    if (!this.deps.isOnline()) return;
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    try {
      do {
        this.again = false;
        for (const report of this.deps.wallets.dueReports()) {
          const answer = await this.deps.emit(walletTransactionsReportSchema.parse(report));
          // UNKNOWN_ACCOUNT: the account left this phone; INVALID_PAYLOAD would fail again the same way.
          if (answer === 'ok' || answer === 'UNKNOWN_ACCOUNT' || answer === 'INVALID_PAYLOAD') {
            this.deps.wallets.reported(report.accountId, report.transactions);
            if (answer === 'ok') this.deps.onReported(report.transactions.length);
          }
        }
      } while (this.again && this.deps.isOnline());
    } finally {
      this.sending = false;
    }
  }
}
