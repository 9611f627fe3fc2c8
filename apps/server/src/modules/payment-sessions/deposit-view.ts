import {
  ACCOUNT_TYPE_OF_PROVIDER,
  type DepositView,
  emvQrWithAmount,
  formatAmount,
  MAYA_BANK_NAME,
  MAYA_PAYMENT_WAYS,
  type PaymentInstructions,
  type WalletProvider,
} from '@gerbang/contract';
import type { MerchantRecord } from '../merchants/merchants.repository';
import { testProviderInstructions } from '../test-mode/test-provider-instructions';
import type { PaymentSessionRecord } from './payment-session-record';
import type { PaymentSessionsRepository } from './payment-sessions.repository';

/** How each bank provider is named to a customer who transfers to it. */
const BANK_NAMES: Partial<Record<WalletProvider, string>> = { livin: 'Bank Mandiri' };

/** The static receive QR with the final amount in it; the QR as stored when it is not EMV. */
function qrWithAmount(payload: string, amount: string): string {
  try {
    return emvQrWithAmount(payload, amount);
  } catch {
    return payload;
  }
}

export async function instructionsFor(
  session: PaymentSessionRecord,
  repo: Pick<PaymentSessionsRepository, 'receiveDetails'>,
): Promise<PaymentInstructions | null> {
  if (!['awaiting_payment', 'processing'].includes(session.status)) return null;
  if (!session.livemode) return testProviderInstructions(session);
  if (!session.walletAccountId) return null;
  const account = await repo.receiveDetails(session.walletAccountId);
  if (!account) return null;
  if (ACCOUNT_TYPE_OF_PROVIDER[account.provider] === 'bank') {
    return {
      kind: 'bank',
      provider: account.provider,
      bankName: BANK_NAMES[account.provider] ?? account.provider,
      accountNumber: account.accountNumber,
      holderName: account.holderName,
    };
  }
  const qr = account.qrPayload
    ? qrWithAmount(account.qrPayload, formatAmount(session.finalAmountMinor, session.currency))
    : null;
  if (account.provider === 'maya') {
    return {
      kind: 'maya',
      provider: account.provider,
      ways: MAYA_PAYMENT_WAYS.filter((way) => way !== 'maya_to_maya_qr' || qr !== null),
      phoneNumber: account.accountNumber,
      accountName: account.holderName,
      bankName: MAYA_BANK_NAME,
      qr,
    };
  }
  if (!qr) return null;
  return {
    kind: 'qr',
    provider: account.provider,
    qr,
    accountName: account.holderName,
  };
}

/** What the customer's page shows: amounts, state and where to pay, nothing of the merchant's data. */
export function toDepositView(
  session: PaymentSessionRecord,
  merchant: Pick<MerchantRecord, 'name' | 'allowedMethods' | 'embedOrigins'>,
  instructions: PaymentInstructions | null,
): DepositView {
  const money = (minor: bigint) => formatAmount(minor, session.currency);
  return {
    id: session.id,
    merchantName: merchant.name,
    referenceNumber: session.referenceNumber,
    currency: session.currency,
    amount: money(session.amountMinor),
    discountAmount: money(session.discountMinor),
    extraFee: money(session.extraFeeMinor),
    finalAmount: money(session.finalAmountMinor),
    status: session.status,
    methods: merchant.allowedMethods as WalletProvider[],
    method: (session.method as WalletProvider | null) ?? null,
    instructions,
    expiresAt: session.expiresAt.toISOString(),
    serverTime: new Date().toISOString(),
    returnUrl: session.returnUrl,
    embedOrigins: merchant.embedOrigins,
    livemode: session.livemode,
  };
}
