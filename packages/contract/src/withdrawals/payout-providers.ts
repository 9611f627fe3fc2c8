import type { Currency } from '../money/currencies';

/**
 * Where money can be sent: the banks and e-wallets a phone's DANA, Livin' or Maya app can transfer
 * to, by currency. A destination is named by its provider and account number; the holder's name is
 * what the provider answers to an account-name inquiry.
 */
export const PAYOUT_PROVIDERS = {
  bca: { name: 'BCA', type: 'bank', currency: 'IDR' },
  bni: { name: 'BNI', type: 'bank', currency: 'IDR' },
  bri: { name: 'BRI', type: 'bank', currency: 'IDR' },
  mandiri: { name: 'Bank Mandiri', type: 'bank', currency: 'IDR' },
  cimb: { name: 'CIMB Niaga', type: 'bank', currency: 'IDR' },
  dana: { name: 'DANA', type: 'wallet', currency: 'IDR' },
  ovo: { name: 'OVO', type: 'wallet', currency: 'IDR' },
  gopay: { name: 'GoPay', type: 'wallet', currency: 'IDR' },
  shopeepay: { name: 'ShopeePay', type: 'wallet', currency: 'IDR' },
  bdo: { name: 'BDO', type: 'bank', currency: 'PHP' },
  bpi: { name: 'BPI', type: 'bank', currency: 'PHP' },
  unionbank: { name: 'UnionBank', type: 'bank', currency: 'PHP' },
  landbank: { name: 'LANDBANK', type: 'bank', currency: 'PHP' },
  gcash: { name: 'GCash', type: 'wallet', currency: 'PHP' },
  maya: { name: 'Maya', type: 'wallet', currency: 'PHP' },
} as const satisfies Record<string, { name: string; type: 'bank' | 'wallet'; currency: Currency }>;
export type PayoutProvider = keyof typeof PAYOUT_PROVIDERS;
export const PAYOUT_PROVIDER_IDS = Object.keys(PAYOUT_PROVIDERS) as [PayoutProvider, ...PayoutProvider[]];

export const payoutProvidersOf = (currency: Currency): PayoutProvider[] =>
  PAYOUT_PROVIDER_IDS.filter((id) => PAYOUT_PROVIDERS[id].currency === currency);
