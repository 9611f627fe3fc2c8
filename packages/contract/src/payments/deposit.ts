import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { walletProviderSchema } from '../wallets/provider';
import { paymentInstructionsSchema, paymentSessionStatusSchema } from './payment-session';

/**
 * The customer's deposit page (public: the session id in the link is the only key). It shows what
 * the customer needs and nothing of the merchant's data: no customer details, no metadata, no fee.
 */
export const depositViewSchema = z.object({
  id: idSchema,
  merchantName: z.string(),
  referenceNumber: z.string(),
  currency: currencySchema,
  amount: amountSchema,
  discountAmount: amountSchema,
  extraFee: amountSchema,
  finalAmount: amountSchema,
  status: paymentSessionStatusSchema,
  /** The merchant's methods the customer may choose from. */
  methods: z.array(walletProviderSchema),
  method: walletProviderSchema.nullable(),
  /** Where to pay, once a method has an account; null before (or when none could take it). */
  instructions: paymentInstructionsSchema.nullable(),
  expiresAt: isoDateTimeSchema,
  /** The server's clock when this was read: the countdown is expiresAt − serverTime, not the phone's clock. */
  serverTime: isoDateTimeSchema,
  returnUrl: z.string().nullable(),
  /** Origins that may frame this page: the page posts its messages only to one of them. */
  embedOrigins: z.array(z.string()),
  /** false: a test session (test mode): the page says TEST and offers the test provider's outcomes. */
  livemode: z.boolean(),
});
export type DepositView = z.infer<typeof depositViewSchema>;

export const getDeposit = { method: 'GET', path: '/public/deposits/:id' } as const;
export const selectDepositMethod = { method: 'POST', path: '/public/deposits/:id/method' } as const;
export const selectDepositMethodBodySchema = z.strictObject({ method: walletProviderSchema });
/** 'I Have Transferred': the page shows "payment under processing" and the phone looks at once. */
export const markDepositTransferred = { method: 'POST', path: '/public/deposits/:id/transferred' } as const;
/** Server-sent events: `status` with `{ status }` whenever the session moves. */
export const depositEvents = { method: 'GET', path: '/public/deposits/:id/events' } as const;

/**
 * What an embedded deposit page posts to its parent (only ever to one of the merchant's embed
 * origins, never to "*"): `EMBED_READY` (the string) once it shows, then this on every status.
 */
export type DepositStatusMessage = {
  source: 'gerbang';
  type: 'payment_session.status';
  sessionId: string;
  referenceNumber: string;
  status: DepositView['status'];
};
