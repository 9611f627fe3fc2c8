import {
  type Command,
  CURRENCY_OF_PROVIDER,
  formatAmount,
  parseAmount,
  type ReportedWalletTransaction,
  WALLET_LOGIN_STEP,
  WALLET_OTP_TTL_SECONDS_DEFAULT,
  WALLET_TRANSACTIONS_PER_REPORT_MAX,
  type WalletAccountRef,
  type WalletErrorCode,
} from '@gerbang/contract';
import type { Logger } from '../logger';
import { type Random, randomInt } from '../prng';
import { emvQrFor } from './emv-qr';
import type { FaultBook, FaultKind } from './faults';

type WalletCommand = Exclude<Command, { type: 'health-check' }>;
type TransferCommand = Extract<WalletCommand, { type: 'transfer' }>;

/** Names the simulated providers give destination accounts (picked by the account number). */
const HOLDER_NAMES = ['SITI RAHAYU', 'BUDI SANTOSO', 'PT TOKO MAJU', 'MARIA SANTOS', 'JUAN DELA CRUZ', 'DEWI LESTARI'];
/** Destination numbers ending in this are unknown to the simulated providers. */
export const UNKNOWN_DESTINATION_SUFFIX = '0000';

/** What the phone does with a wallet command: refuse it, never answer it, or report a result. */
export type WalletOutcome =
  | { kind: 'refuse'; reason: string }
  | { kind: 'silent' }
  | { kind: 'result'; ok: true; data: Record<string, unknown> }
  | { kind: 'result'; ok: false; errorCode?: WalletErrorCode; error: string };

export type TransferInput = {
  amount: string;
  direction?: 'in' | 'out';
  counterpartyName?: string;
  counterpartyAccount?: string;
  note?: string;
  /**
   * When it was made, if not now: a transfer the phone reports late (its app listed it late, the
   * phone was offline) carries the time it happened, as a provider's history does.
   */
  occurredAt?: string;
};

type AccountState = {
  ref: WalletAccountRef;
  credentialsSaved: boolean;
  proxy: string | null;
  loggedIn: boolean;
  otp: { code: string; expiresAt: number } | null;
  balanceMinor: bigint;
  /** Newest first, as the app's history shows them. */
  history: ReportedWalletTransaction[];
  /** Seen by the phone, not yet acknowledged by the server. */
  unreported: ReportedWalletTransaction[];
};

export type SimulatedAccountView = {
  id: string;
  provider: WalletAccountRef['provider'];
  accountNumber: string;
  loggedIn: boolean;
  balance: string;
  unreported: number;
};

const HISTORY_KEPT = 200;
/** A history read returns as many transfers as one report may carry: the newest first. */
const HISTORY_READ = WALLET_TRANSACTIONS_PER_REPORT_MAX;
/** Faults that belong to one login step when no step is named. */
const DEFAULT_FAULT_STEP: Partial<Record<FaultKind, number | string>> = {
  wrong_otp: WALLET_LOGIN_STEP.VerifyOtp,
  otp_expired: WALLET_LOGIN_STEP.VerifyOtp,
  wrong_credentials: WALLET_LOGIN_STEP.SendOtp,
  account_not_found: 'account_inquiry',
  insufficient_funds: 'send_transfer',
  destination_invalid: 'send_transfer',
  crash_after_send: 'send_transfer',
  silent_after_send: 'send_transfer',
  crash_after_send_unseen: 'send_transfer',
};

const failure = (errorCode: WalletErrorCode | undefined, error: string): WalletOutcome => ({
  kind: 'result',
  ok: false,
  ...(errorCode ? { errorCode } : {}),
  error,
});
const success = (data: Record<string, unknown> = {}): WalletOutcome => ({ kind: 'result', ok: true, data });

/**
 * The wallet and bank apps on one simulated phone: which accounts the server says live here, which
 * are signed in, their balances and histories, the OTP the provider last sent by SMS, and the
 * transfers not yet reported. Nothing here touches a real provider.
 */
export class PhoneWallets {
  private readonly accounts = new Map<string, AccountState>();
  /** Every transfer this phone acted on, by its transferId: a repeat is answered, never sent again. */
  private readonly transfers = new Map<string, WalletOutcome>();

  constructor(
    private readonly options: {
      deviceName: string;
      deviceId: () => string;
      random: Random;
      logger: Logger;
      faults: FaultBook;
      /** Account number → holder name, for destinations a demo or test named; others get a made-up name. */
      destinations: Map<string, string>;
      otpTtlSeconds?: number;
      /** New accounts start signed in (see DeviceBehaviour.accountsSignedIn). */
      accountsSignedIn?: boolean;
    },
  ) {}

  /** The server's list of this phone's accounts (hello ack, `agent:accounts`): state of known ones is kept. */
  setAccounts(refs: readonly WalletAccountRef[]): void {
    const ids = new Set(refs.map((r) => r.id));
    for (const id of this.accounts.keys()) if (!ids.has(id)) this.accounts.delete(id);
    for (const ref of refs) {
      const known = this.accounts.get(ref.id);
      if (known) known.ref = ref;
      else this.accounts.set(ref.id, this.newAccount(ref));
    }
  }

  has(accountId: string): boolean {
    return this.accounts.has(accountId);
  }

  list(): SimulatedAccountView[] {
    return [...this.accounts.values()].map((a) => ({
      id: a.ref.id,
      provider: a.ref.provider,
      accountNumber: a.ref.accountNumber,
      loggedIn: a.loggedIn,
      balance: formatAmount(a.balanceMinor, CURRENCY_OF_PROVIDER[a.ref.provider]),
      unreported: a.unreported.length,
    }));
  }

  /** The code in the provider's last SMS to this account, while it is good. */
  lastOtp(accountId: string): { otp: string; expiresAt: string } | null {
    const otp = this.accounts.get(accountId)?.otp;
    if (!otp || otp.expiresAt <= Date.now()) return null;
    return { otp: otp.code, expiresAt: new Date(otp.expiresAt).toISOString() };
  }

  handle(command: WalletCommand): WalletOutcome {
    const account = this.accounts.get(command.payload.account.id);
    if (!account) return { kind: 'refuse', reason: `account ${command.payload.account.id} is not on this phone` };
    if (command.type === 'transfer') {
      const done = this.transfers.get(command.payload.transferId);
      if (done) return done.kind === 'silent' ? { kind: 'silent' } : done;
    }
    const on =
      command.type === 'wallet-login'
        ? command.payload.step
        : command.type === 'wallet-check'
          ? command.payload.checkType
          : command.type === 'transfer'
            ? 'send_transfer'
            : 'account_inquiry';
    const fault = this.options.faults.take({
      accountId: account.ref.id,
      deviceId: this.options.deviceId(),
      deviceName: this.options.deviceName,
      on,
      defaultOn: DEFAULT_FAULT_STEP,
    });
    if (command.type === 'transfer') return this.transfer(account, command, fault);
    if (fault) return this.faulted(account, fault);
    if (command.type === 'wallet-login') return this.loginStep(account, command.payload);
    if (command.type === 'account-inquiry') return this.inquiry(account, command.payload.destination.accountNumber);
    return this.check(account, command.payload.checkType);
  }

  /** The provider names the destination's holder (a number ending in 0000 is unknown to it). */
  private inquiry(account: AccountState, destination: string): WalletOutcome {
    if (!account.loggedIn) return failure('not_logged_in', 'The app is not signed in to this account');
    if (destination.endsWith(UNKNOWN_DESTINATION_SUFFIX)) {
      return failure('account_not_found', 'The provider knows no account with this number');
    }
    const named = this.options.destinations.get(destination);
    if (named) return success({ holderName: named });
    const index = [...destination].reduce((sum, digit) => sum + digit.charCodeAt(0), 0) % HOLDER_NAMES.length;
    return success({ holderName: HOLDER_NAMES[index] });
  }

  /**
   * Sends money once per transferId. Faults before sending move nothing; the `*_after_send`
   * faults move the money and then hide the outcome, as a crash or a lost phone would.
   */
  private transfer(account: AccountState, command: TransferCommand, fault: FaultKind | null): WalletOutcome {
    const remember = (outcome: WalletOutcome) => {
      this.transfers.set(command.payload.transferId, outcome);
      return outcome;
    };
    const afterSend =
      fault === 'crash_after_send' || fault === 'silent_after_send' || fault === 'crash_after_send_unseen';
    if (fault && !afterSend) {
      return fault === 'timeout' || fault === 'refuse'
        ? this.faulted(account, fault)
        : remember(this.faulted(account, fault));
    }
    if (!account.loggedIn) return remember(failure('not_logged_in', 'The app is not signed in to this account'));
    const { amount, destination, note } = command.payload;
    if (destination.accountNumber.endsWith(UNKNOWN_DESTINATION_SUFFIX)) {
      return remember(failure('destination_invalid', 'The provider refused the destination account'));
    }
    let sent: ReportedWalletTransaction;
    try {
      sent = this.deliverTransfer(
        account.ref.id,
        {
          amount,
          direction: 'out',
          counterpartyName: destination.holderName,
          counterpartyAccount: destination.accountNumber,
          note,
        },
        { inStream: fault !== 'crash_after_send_unseen' },
      );
    } catch (error) {
      return remember(failure('insufficient_funds', (error as Error).message));
    }
    if (fault === 'crash_after_send' || fault === 'crash_after_send_unseen')
      return remember(failure('app_crashed', 'Simulated: the app crashed after sending'));
    if (fault === 'silent_after_send') return remember({ kind: 'silent' });
    return remember(success({ providerTransactionId: sent.providerTransactionId }));
  }

  /**
   * A transfer reaches the account (a customer paid in, or money left it): into its history, and
   * into the stream the phone reports unless `inStream` is false (only a history read shows it).
   */
  deliverTransfer(
    accountId: string,
    input: TransferInput,
    { inStream = true }: { inStream?: boolean } = {},
  ): ReportedWalletTransaction {
    const account = this.accounts.get(accountId);
    if (!account) throw new TransferError(`account ${accountId} is not on ${this.options.deviceName}`);
    const amount = parseAmount(input.amount, CURRENCY_OF_PROVIDER[account.ref.provider]);
    if (!amount.ok) throw new TransferError(`amount: ${amount.message}`);
    if (amount.minor <= 0n) throw new TransferError('amount: must be more than zero');
    const direction = input.direction ?? 'in';
    if (direction === 'out' && amount.minor > account.balanceMinor) {
      throw new TransferError('amount: more than the account’s balance');
    }
    account.balanceMinor += direction === 'in' ? amount.minor : -amount.minor;
    const transaction: ReportedWalletTransaction = {
      providerTransactionId: `SIM-${account.ref.provider.toUpperCase()}-${Date.now().toString(36)}-${Math.floor(this.options.random() * 36 ** 6).toString(36)}`,
      direction,
      amount: formatAmount(amount.minor, CURRENCY_OF_PROVIDER[account.ref.provider]),
      counterpartyName: input.counterpartyName ?? '',
      counterpartyAccount: input.counterpartyAccount ?? '',
      occurredAt: input.occurredAt ?? new Date().toISOString(),
      note: input.note ?? '',
    };
    account.history.unshift(transaction);
    account.history.length = Math.min(account.history.length, HISTORY_KEPT);
    if (inStream) account.unreported.push(transaction);
    return transaction;
  }

  /** Reports due: the phone sees an account's transfers only while its app is signed in. */
  dueReports(): { accountId: string; transactions: ReportedWalletTransaction[] }[] {
    return [...this.accounts.values()]
      .filter((a) => a.loggedIn && a.unreported.length > 0)
      .map((a) => ({ accountId: a.ref.id, transactions: a.unreported.slice(0, WALLET_TRANSACTIONS_PER_REPORT_MAX) }));
  }

  /** The server stored (or knowingly refused) these: do not send them again. */
  reported(accountId: string, transactions: readonly ReportedWalletTransaction[]): void {
    const account = this.accounts.get(accountId);
    if (!account) return;
    const done = new Set(transactions.map((t) => t.providerTransactionId));
    account.unreported = account.unreported.filter((t) => !done.has(t.providerTransactionId));
  }

  private newAccount(ref: WalletAccountRef): AccountState {
    const currency = CURRENCY_OF_PROVIDER[ref.provider];
    // A plausible opening balance: up to 5,000,000 rupiah in thousands, up to 50,000 pesos.
    const balanceMinor =
      currency === 'IDR'
        ? BigInt(randomInt(this.options.random, 0, 5_000)) * 1000n
        : BigInt(randomInt(this.options.random, 0, 5_000_000));
    const signedIn = this.options.accountsSignedIn ?? false;
    return {
      ref,
      credentialsSaved: signedIn,
      proxy: null,
      loggedIn: signedIn,
      otp: null,
      balanceMinor,
      history: [],
      unreported: [],
    };
  }

  private faulted(account: AccountState, fault: FaultKind): WalletOutcome {
    if (fault === 'timeout') return { kind: 'silent' };
    if (fault === 'refuse') return { kind: 'refuse', reason: 'Simulated refusal: the phone cannot run this now' };
    if (fault === 'session_expired') account.loggedIn = false;
    if (fault === 'app_crashed') return failure('app_crashed', 'Simulated: the app crashed');
    // The after-send faults only mean something for a transfer; elsewhere the app just crashes.
    if (fault === 'crash_after_send' || fault === 'silent_after_send' || fault === 'crash_after_send_unseen')
      return failure('app_crashed', 'Simulated: the app crashed');
    return failure(fault, `Simulated fault: ${fault}`);
  }

  private loginStep(
    account: AccountState,
    payload: Extract<WalletCommand, { type: 'wallet-login' }>['payload'],
  ): WalletOutcome {
    const { provider, accountNumber } = account.ref;
    switch (payload.step) {
      case WALLET_LOGIN_STEP.ClearInformation:
        Object.assign(account, { credentialsSaved: false, proxy: null, loggedIn: false, otp: null });
        return success();
      case WALLET_LOGIN_STEP.SaveInformation:
        // The credentials are used for this step and forgotten: a simulator has nothing to sign in to.
        if (!payload.credentials || Object.keys(payload.credentials).length === 0) {
          return failure(undefined, 'No credentials were sent with the Save Information step');
        }
        account.credentialsSaved = true;
        return success();
      case WALLET_LOGIN_STEP.InitializeEnvironment:
        account.proxy = payload.proxy ? `${payload.proxy.type}://${payload.proxy.host}:${payload.proxy.port}` : null;
        return success({ proxy: account.proxy ?? 'direct' });
      case WALLET_LOGIN_STEP.SendOtp: {
        if (!account.credentialsSaved) {
          return failure('wrong_credentials', 'The app has no credentials for this account; start from step 0');
        }
        const ttlSeconds = this.options.otpTtlSeconds ?? WALLET_OTP_TTL_SECONDS_DEFAULT;
        const code = String(randomInt(this.options.random, 0, 999_999)).padStart(6, '0');
        account.otp = { code, expiresAt: Date.now() + ttlSeconds * 1000 };
        this.options.logger.info(
          `SMS on ${this.options.deviceName} for ${provider.toUpperCase()} ${accountNumber}: your code is ${code} (valid ${ttlSeconds} s)`,
        );
        return success({ otpTtlSeconds: ttlSeconds });
      }
      case WALLET_LOGIN_STEP.VerifyOtp: {
        const otp = account.otp;
        if (!otp || otp.expiresAt <= Date.now())
          return failure('otp_expired', 'The code has expired; ask for a new one');
        if (payload.otp !== otp.code) return failure('wrong_otp', 'The code does not match the one sent by SMS');
        account.otp = null;
        account.loggedIn = true;
        return success();
      }
    }
  }

  private check(
    account: AccountState,
    checkType: Extract<WalletCommand, { type: 'wallet-check' }>['payload']['checkType'],
  ): WalletOutcome {
    if (!account.loggedIn) return failure('not_logged_in', 'The app is not signed in to this account');
    const currency = CURRENCY_OF_PROVIDER[account.ref.provider];
    switch (checkType) {
      case 'get_balance':
        return success({ balance: formatAmount(account.balanceMinor, currency) });
      case 'transfer':
        return success({ canTransfer: true });
      case 'transaction_history':
        return success({ transactions: account.history.slice(0, HISTORY_READ) });
      case 'get_qr_code':
        return success({ qr: emvQrFor(account.ref, `Simulated ${account.ref.provider}`) });
    }
  }
}

export class TransferError extends Error {}
