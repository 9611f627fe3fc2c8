import type { Merchant } from '@gerbang/contract';

/** A merchant as the API returns it, with `overrides`. */
export function aMerchant(overrides: Partial<Merchant> = {}): Merchant {
  return {
    id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    name: 'Toko Sinar',
    code: 'SINAR',
    currency: 'IDR',
    status: 'active',
    depositFeePercent: '2.50',
    depositFeeFixed: '1000',
    withdrawalFeePercent: '0.00',
    withdrawalFeeFixed: '0',
    minAmount: '10000',
    maxAmount: '5000000',
    allowedMethods: ['dana', 'livin'],
    callbackUrl: 'https://sinar.example.com/webhook',
    hasWebhookSecret: true,
    embedOrigins: ['https://sinar.example.com'],
    paymentTimeLimitMinutes: 15,
    paymentLinksEnabled: false,
    payoutNamePolicy: 'hold',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
