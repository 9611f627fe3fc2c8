import {
  getWallet,
  getWalletLogin,
  getWalletQrCode,
  getWalletSummary,
  listWalletChecks,
  listWallets,
  listWalletTransactions,
  type WalletAccount,
  type WalletLoginFlow,
  type WalletSummary,
} from '@gerbang/contract';
import type { StubRequest, StubResponse } from '../../../test/http-stub';

const AT = '2025-01-01T00:00:00.000Z';
const OK = { status: 1, startedAt: AT, finishedAt: AT, reason: null };

export function aWallet(overrides: Partial<WalletAccount> = {}): WalletAccount {
  return {
    id: '7c1e2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f',
    deviceId: '5b0f4c3e-2a6d-4e8f-9b1a-0c2d3e4f5a6b',
    deviceName: 'Pixel 7',
    provider: 'dana',
    accountType: 'wallet',
    currency: 'IDR',
    label: 'DANA Jakarta',
    accountNumber: '081234567890',
    holderName: 'Siti Rahma',
    notes: '',
    status: 'active',
    disabledReason: null,
    autoDisabledCause: null,
    disabledAt: null,
    loginStatus: 'logged_in',
    loginStatusChangedAt: AT,
    balance: '1500000',
    balanceReadAt: AT,
    limits: {
      dailyIncomingAmount: null,
      dailyIncomingCount: null,
      dailyOutgoingAmount: null,
      dailyOutgoingCount: null,
    },
    today: { incomingAmount: '0', incomingCount: 0, outgoingAmount: '0', outgoingCount: 0 },
    forceActive: false,
    proxy: null,
    credentialsSet: ['pin'],
    credentialsUpdatedAt: AT,
    health: { get_balance: OK, transfer: OK, transaction_history: OK, get_qr_code: OK },
    healthState: 'healthy',
    consecutiveFailures: 0,
    readiness: { isReady: true, canReceive: true, canSend: true, reasons: [], isForceActiveInEffect: false },
    hasMovedMoney: false,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  } as WalletAccount;
}

export const SUMMARY: WalletSummary = {
  provider: 'dana',
  currency: 'IDR',
  total: 1,
  ready: 1,
  loggedIn: 1,
  failing: 0,
  disabled: 0,
  totalBalance: '1500000',
};

export function aFlow(overrides: Partial<WalletLoginFlow> = {}): WalletLoginFlow {
  return {
    id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
    accountId: aWallet().id,
    status: 'running',
    currentStep: 1,
    failedStep: null,
    reason: null,
    startedByUserId: '0b3f2c9e-8a51-4c2d-9e3a-5d6f7a8b9c0d',
    startedByName: 'Ada Lovelace',
    startedAt: AT,
    finishedAt: null,
    otpExpiresAt: null,
    steps: [0, 1, 2, 3, 4].map((step) => ({
      step: step as 0,
      status: step === 0 ? 'done' : step === 1 ? 'running' : 'pending',
      startedAt: step <= 1 ? AT : null,
      finishedAt: step === 0 ? AT : null,
      reason: null,
      message: null,
    })),
    ...overrides,
  };
}

type Replies = Record<string, (request: StubRequest) => StubResponse>;
const path = (endpoint: { path: string }, id: string) => endpoint.path.replace(':id', id);

/** Serves the wallet pages' reads for `accounts` (and `flow` as the login) plus `extra`; anything else is a 404. */
export function walletApi(
  accounts: WalletAccount[],
  options: { flow?: () => WalletLoginFlow | null; extra?: Replies } = {},
) {
  const empty = { status: 200, data: { items: [], nextCursor: null } };
  const replies: Replies = {
    [`GET ${listWallets.path}`]: () => ({ status: 200, data: { items: accounts, nextCursor: null } }),
    [`GET ${getWalletSummary.path}`]: () => ({ status: 200, data: SUMMARY }),
  };
  for (const account of accounts) {
    replies[`GET ${path(getWallet, account.id)}`] = () => ({ status: 200, data: account });
    replies[`GET ${path(getWalletLogin, account.id)}`] = () => ({
      status: 200,
      data: { flow: options.flow?.() ?? null },
    });
    replies[`GET ${path(listWalletChecks, account.id)}`] = () => empty;
    replies[`GET ${path(listWalletTransactions, account.id)}`] = () => empty;
    replies[`GET ${path(getWalletQrCode, account.id)}`] = () => ({
      status: 200,
      data: { payload: null, readAt: null, lastFetch: null },
    });
  }
  Object.assign(replies, options.extra);
  return (request: StubRequest) => replies[`${request.method} ${request.url}`]?.(request) ?? null;
}
