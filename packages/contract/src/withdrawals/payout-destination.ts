import { z } from 'zod';
import { PAYOUT_PROVIDER_IDS, PAYOUT_PROVIDERS, type PayoutProvider } from './payout-providers';

export const payoutProviderSchema = z.enum(PAYOUT_PROVIDER_IDS);

const MOBILE = { IDR: /^08\d{8,11}$/, PHP: /^09\d{9}$/ } as const;
const MOBILE_EXAMPLE = { IDR: '081234567890', PHP: '09171234567' } as const;

/**
 * A destination's account number in its provider's form: digits for a bank (spaces and dashes
 * dropped), the local mobile number for an e-wallet (+62 8… → 08…, +63 9… → 09…).
 */
export function normalizePayoutAccount(
  provider: PayoutProvider,
  text: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const { type, currency, name } = PAYOUT_PROVIDERS[provider];
  const compact = text.trim().replace(/[\s-]/g, '');
  if (type === 'bank') {
    return /^\d{6,20}$/.test(compact)
      ? { ok: true, value: compact }
      : { ok: false, message: `Enter the ${name} account number: 6 to 20 digits` };
  }
  const value = compact.replace(currency === 'IDR' ? /^(\+62|62)(?=8)/ : /^(\+63|63)(?=9)/, '0');
  return MOBILE[currency].test(value)
    ? { ok: true, value }
    : { ok: false, message: `Enter the ${name} mobile number, e.g. ${MOBILE_EXAMPLE[currency]}` };
}

/** A person's or company's name as a bank shows it. */
export const holderNameSchema = z.string().trim().min(1, 'This field is required').max(100);

/** Where a payout goes, as commands and answers carry it. */
export const payoutDestinationSchema = z.object({
  provider: payoutProviderSchema,
  accountNumber: z.string().min(1).max(30),
  holderName: z.string().max(100),
});
export type PayoutDestination = z.infer<typeof payoutDestinationSchema>;
