import { z } from 'zod';
import { idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { amountSchema, amountStringSchema, parseAmount } from '../money/amount';
import type { Currency } from '../money/currencies';
import { currencySchema } from '../money/currency';
import { feePercentStringSchema } from '../money/fee';
import { walletProviderSchema } from '../wallets/provider';
import { CURRENCY_OF_PROVIDER, type WalletProvider } from '../wallets/wallet-providers';
import { PAYOUT_NAME_POLICY_DEFAULT, payoutNamePolicySchema } from '../withdrawals/payout-name-check';

/**
 * A merchant: who Gerbang collects money for. Its terms (currency, fee, amount range, payment
 * methods, time limit) decide every payment session it opens; its callback URL receives signed
 * webhooks; its embed origins may frame the customer pages. The webhook signing secret is shown
 * once, when it is generated, and is stored encrypted.
 */
export const MERCHANT_STATUSES = ['active', 'suspended'] as const;
export const merchantStatusSchema = z.enum(MERCHANT_STATUSES);
export type MerchantStatus = z.infer<typeof merchantStatusSchema>;

export const MERCHANT_NAME_MAX_LENGTH = 100;
export const MERCHANT_EMBED_ORIGINS_MAX = 20;
/** How long a customer has to pay a session, in minutes (default, bounds). */
export const PAYMENT_TIME_LIMIT_MINUTES = { default: 15, min: 5, max: 1440 } as const;

export const merchantCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, 'Use 3 to 32 letters, digits, "-" or "_", starting with a letter or digit');

/** "https://shop.example.com" or "http://localhost:5173": a scheme, a host and a port, nothing else. */
export function isWebOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

export const embedOriginSchema = z
  .string()
  .trim()
  .max(200)
  .refine(isWebOrigin, 'Enter an origin such as https://shop.example.com: scheme and host (and port) only, no path');

export const callbackUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a URL that starts with https:// or http://');

const methodsSchema = z
  .array(walletProviderSchema)
  .min(1, 'Choose at least one payment method')
  .refine((methods) => new Set(methods).size === methods.length, 'Each payment method once');

export const merchantSchema = z.object({
  id: idSchema,
  name: z.string(),
  code: z.string(),
  currency: currencySchema,
  status: merchantStatusSchema,
  /** Percentage with two decimals: "2.50". */
  depositFeePercent: z.string(),
  depositFeeFixed: amountSchema,
  /** Charged on each withdrawal, on top of its amount ("1.00" %, plus the fixed part). */
  withdrawalFeePercent: z.string(),
  withdrawalFeeFixed: amountSchema,
  minAmount: amountSchema,
  maxAmount: amountSchema,
  allowedMethods: z.array(walletProviderSchema),
  callbackUrl: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  embedOrigins: z.array(z.string()),
  paymentTimeLimitMinutes: z.number().int(),
  /** Customers may open a payment themselves from a link with the merchant's code (/request-transaction). */
  paymentLinksEnabled: z.boolean(),
  /** What a payout whose holder's name does not match does (payout-name-check.ts). */
  payoutNamePolicy: payoutNamePolicySchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Merchant = z.infer<typeof merchantSchema>;

/** The terms an operator sets, as the API takes them (checked against the currency below). */
const termsShape = {
  name: z.string().trim().min(1, 'This field is required').max(MERCHANT_NAME_MAX_LENGTH),
  depositFeePercent: feePercentStringSchema,
  depositFeeFixed: amountStringSchema,
  withdrawalFeePercent: feePercentStringSchema,
  withdrawalFeeFixed: amountStringSchema,
  minAmount: amountStringSchema,
  maxAmount: amountStringSchema,
  allowedMethods: methodsSchema,
  callbackUrl: callbackUrlSchema,
  embedOrigins: z.array(embedOriginSchema).max(MERCHANT_EMBED_ORIGINS_MAX),
  paymentTimeLimitMinutes: z.coerce
    .number()
    .int()
    .min(PAYMENT_TIME_LIMIT_MINUTES.min)
    .max(PAYMENT_TIME_LIMIT_MINUTES.max),
  paymentLinksEnabled: z.boolean(),
  payoutNamePolicy: payoutNamePolicySchema,
};

export type MerchantTerms = {
  depositFeeFixed: string;
  withdrawalFeeFixed: string;
  minAmount: string;
  maxAmount: string;
  allowedMethods: readonly WalletProvider[];
};

/**
 * What the currency rules say about a merchant's terms, by field: amounts with more decimals
 * than the currency has, a minimum above the maximum, a method that pays in another currency.
 * The server refuses such terms with 422 on those fields (the console shows them by its inputs).
 */
export function merchantTermsProblems(
  currency: Currency,
  terms: MerchantTerms,
): Partial<Record<keyof MerchantTerms, string>> {
  const problems: Partial<Record<keyof MerchantTerms, string>> = {};
  const minor: Partial<Record<'depositFeeFixed' | 'withdrawalFeeFixed' | 'minAmount' | 'maxAmount', bigint>> = {};
  for (const field of ['depositFeeFixed', 'withdrawalFeeFixed', 'minAmount', 'maxAmount'] as const) {
    const parsed = parseAmount(terms[field], currency);
    if (parsed.ok) minor[field] = parsed.minor;
    else problems[field] = parsed.message;
  }
  if (minor.minAmount !== undefined && minor.minAmount <= 0n) problems.minAmount = 'The minimum must be above 0';
  if (minor.minAmount !== undefined && minor.maxAmount !== undefined && minor.minAmount > minor.maxAmount) {
    problems.maxAmount = 'The maximum must not be below the minimum';
  }
  const foreign = terms.allowedMethods.filter((method) => CURRENCY_OF_PROVIDER[method] !== currency);
  if (foreign.length > 0) problems.allowedMethods = `Not paid in ${currency}: ${foreign.join(', ')}`;
  return problems;
}

export const listMerchants = { method: 'GET', path: '/merchants' } as const;
export const listMerchantsQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  status: merchantStatusSchema.optional(),
});
export type ListMerchantsQuery = z.infer<typeof listMerchantsQuerySchema>;
export const listMerchantsResponseSchema = pageSchema(merchantSchema);
export type ListMerchantsResponse = z.infer<typeof listMerchantsResponseSchema>;

export const createMerchant = { method: 'POST', path: '/merchants' } as const;
export const createMerchantBodySchema = z.strictObject({
  ...termsShape,
  code: merchantCodeSchema,
  currency: currencySchema,
  depositFeePercent: termsShape.depositFeePercent.default('0'),
  depositFeeFixed: termsShape.depositFeeFixed.default('0'),
  withdrawalFeePercent: termsShape.withdrawalFeePercent.default('0'),
  withdrawalFeeFixed: termsShape.withdrawalFeeFixed.default('0'),
  callbackUrl: termsShape.callbackUrl.optional(),
  embedOrigins: termsShape.embedOrigins.default([]),
  paymentTimeLimitMinutes: termsShape.paymentTimeLimitMinutes.default(PAYMENT_TIME_LIMIT_MINUTES.default),
  paymentLinksEnabled: termsShape.paymentLinksEnabled.default(false),
  payoutNamePolicy: termsShape.payoutNamePolicy.default(PAYOUT_NAME_POLICY_DEFAULT),
});
export type CreateMerchantBody = z.input<typeof createMerchantBodySchema>;

/** The merchant and its webhook signing secret: the only answer that ever carries the secret. */
export const merchantWithSecretSchema = merchantSchema.extend({ webhookSecret: z.string() });
export type MerchantWithSecret = z.infer<typeof merchantWithSecretSchema>;

export const getMerchant = { method: 'GET', path: '/merchants/:id' } as const;

/** The code and the currency are fixed at creation: references and amounts depend on them. */
export const updateMerchant = { method: 'PATCH', path: '/merchants/:id' } as const;
export const updateMerchantBodySchema = z
  .strictObject({
    name: termsShape.name.optional(),
    depositFeePercent: termsShape.depositFeePercent.optional(),
    depositFeeFixed: termsShape.depositFeeFixed.optional(),
    withdrawalFeePercent: termsShape.withdrawalFeePercent.optional(),
    withdrawalFeeFixed: termsShape.withdrawalFeeFixed.optional(),
    minAmount: termsShape.minAmount.optional(),
    maxAmount: termsShape.maxAmount.optional(),
    allowedMethods: termsShape.allowedMethods.optional(),
    /** null removes the callback URL (no webhooks are sent). */
    callbackUrl: termsShape.callbackUrl.nullable().optional(),
    embedOrigins: termsShape.embedOrigins.optional(),
    paymentTimeLimitMinutes: termsShape.paymentTimeLimitMinutes.optional(),
    paymentLinksEnabled: termsShape.paymentLinksEnabled.optional(),
    payoutNamePolicy: termsShape.payoutNamePolicy.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Give at least one field to change' });
export type UpdateMerchantBody = z.infer<typeof updateMerchantBodySchema>;

/** A suspended merchant opens no new payment session; open ones run to their end. */
export const suspendMerchant = { method: 'POST', path: '/merchants/:id/suspend' } as const;
export const resumeMerchant = { method: 'POST', path: '/merchants/:id/resume' } as const;

/** A new signing secret, shown once; the previous one stops signing at once. */
export const rotateMerchantWebhookSecret = { method: 'POST', path: '/merchants/:id/webhook-secret' } as const;
export const webhookSecretResponseSchema = z.object({ webhookSecret: z.string() });
