import type { WalletTransactionsReport } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import { TransferReports } from './transfer-reports';
import { account, phone, signIn } from './wallets/phone-wallets.test-support';

describe("a simulated phone's transfer reports", () => {
  it('sends a transfer that arrives while a report is on its way as soon as that report is answered', async () => {
    const wallets = phone();
    signIn(wallets);
    const sent: WalletTransactionsReport[] = [];
    let answerFirst: (answer: 'ok') => void = () => {};
    const reports = new TransferReports({
      wallets,
      isOnline: () => true,
      emit: (report) => {
        sent.push(report);
        // The server takes its time over the first report; later ones are answered at once.
        return sent.length === 1 ? new Promise((resolve) => (answerFirst = resolve)) : Promise.resolve('ok');
      },
      onReported: () => {},
    });
    wallets.deliverTransfer(account.id, { amount: '150000' });
    const first = reports.send();
    wallets.deliverTransfer(account.id, { amount: '275000' });
    void reports.send();
    expect(sent).toHaveLength(1);
    answerFirst('ok');
    await first;
    // No heartbeat in between: the second transfer went out right after the first was answered.
    expect(sent.map((report) => report.transactions.map((t) => t.amount))).toEqual([['150000'], ['275000']]);
    expect(wallets.dueReports()).toEqual([]);
  });
});
