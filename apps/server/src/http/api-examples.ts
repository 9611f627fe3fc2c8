import type {
  ApiWithdrawal,
  CreatePaymentSessionBody,
  CreateRefundBody,
  createWithdrawalBodySchema,
  MerchantBalance,
  PaymentSession,
  Refund,
  SimulatePaymentBody,
  SimulatePayoutBody,
} from '@gerbang/contract';
import type { z } from 'zod';

/**
 * Examples of the merchant API's bodies and answers for the OpenAPI document (/docs): attached to
 * the routes' schemas here, on the server, so the consoles' bundles never carry them. Each is
 * checked against its schema by the OpenAPI test.
 */
const SESSION_ID = '3f6c1a2b-4d5e-4f60-8a71-b2c3d4e5f607';
const MERCHANT_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

export const createSessionExample: CreatePaymentSessionBody = {
  referenceNumber: 'INV-2026-0001',
  amount: '150000',
  method: 'dana',
  customer: { name: 'Lina Marlina', email: 'lina@example.com' },
  returnUrl: 'https://shop.example.com/orders/0001',
  metadata: { orderId: '0001' },
};

export const sessionExample: PaymentSession = {
  id: SESSION_ID,
  referenceNumber: 'INV-2026-0001',
  currency: 'IDR',
  amount: '150000',
  discountAmount: '1',
  extraFee: '0',
  finalAmount: '149999',
  fee: '4500',
  receivedAmount: null,
  refundedAmount: '0',
  status: 'awaiting_payment',
  method: 'dana',
  customer: { name: 'Lina Marlina', email: 'lina@example.com' },
  returnUrl: 'https://shop.example.com/orders/0001',
  metadata: { orderId: '0001' },
  expiresAt: '2026-11-27T10:15:00.000Z',
  paidAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:01.000Z',
  paymentUrl: `https://pay.gerbang.example/deposit?session=${SESSION_ID}`,
  livemode: true,
};

/** Test mode: what the test provider should make of a test session. */
export const simulatePaymentExample: SimulatePaymentBody = { outcome: 'paid' };
export const simulatePayoutExample: SimulatePayoutBody = { outcome: 'paid' };

export const balanceExample: MerchantBalance = { currency: 'IDR', available: '1250000', pending: '121000' };

export const createRefundExample: CreateRefundBody = { amount: '50000', reason: 'One item out of stock' };

export const refundExample: Refund = {
  id: '6b2f3a4b-5c6d-4e7f-8091-a2b3c4d5e6f8',
  kind: 'refund',
  merchantId: MERCHANT_ID,
  referenceNumber: 'INV-2026-0001#R1',
  currency: 'IDR',
  amount: '50000',
  fee: '1000',
  status: 'verifying',
  destination: {
    provider: 'dana',
    accountNumber: '081298765432',
    holderName: 'Lina Marlina',
    verifiedHolderName: null,
  },
  nameCheck: null,
  payoutMethodId: null,
  paymentSessionId: SESSION_ID,
  note: 'One item out of stock',
  failureReason: null,
  transferReference: null,
  createdAt: '2026-11-27T11:00:00.000Z',
  updatedAt: '2026-11-27T11:00:00.000Z',
  completedAt: null,
  livemode: true,
  withdrawUrl: null,
};

export const createWithdrawalExample: z.input<typeof createWithdrawalBodySchema> = {
  referenceNumber: 'PAYOUT-2026-0042',
  amount: '250000',
  provider: 'bca',
  accountNumber: '8610012345',
  holderName: 'Budi Santoso',
};

export const withdrawalExample: ApiWithdrawal = {
  ...refundExample,
  id: '5a1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  kind: 'customer',
  referenceNumber: 'PAYOUT-2026-0042',
  amount: '250000',
  destination: { provider: 'bca', accountNumber: '8610012345', holderName: 'Budi Santoso', verifiedHolderName: null },
  paymentSessionId: null,
  note: '',
  expiresAt: '2026-11-28T11:00:00.000Z',
  withdrawUrl: 'https://pay.gerbang.example/withdraw?withdrawal=5a1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
};

/** The schema with its example, for the OpenAPI document. */
export const withExample = <S extends z.ZodType>(schema: S, example: z.input<S>): S =>
  schema.meta({ examples: [example] }) as S;
