import { z } from 'zod';
import { idSchema } from '../common';
import { amountStringSchema } from '../money/amount';

/**
 * `/request-transaction` (spec §2, public): a customer opens a payment themselves, from a link
 * that carries the merchant's code and the amount (`?merchant=CODE&amount=150000`) or by typing
 * them. Only merchants that allow payment links take them; the session is created the way the
 * merchant API creates one (reference `LINK-…`, metadata `{ source: "payment_link" }`), and the
 * page then opens its deposit page. Idempotency-Key is required (the page makes one per visit).
 */
export const createPaymentLinkSession = { method: 'POST', path: '/public/payment-links' } as const;
export const createPaymentLinkBodySchema = z.strictObject({
  merchantCode: z.string().trim().min(1, 'Enter the merchant code').max(32),
  amount: amountStringSchema,
});
export type CreatePaymentLinkBody = z.infer<typeof createPaymentLinkBodySchema>;
export const paymentLinkSessionSchema = z.object({ sessionId: idSchema, paymentUrl: z.string() });
export type PaymentLinkSession = z.infer<typeof paymentLinkSessionSchema>;

/** The query parameters a payment link carries. */
export const PAYMENT_LINK_PARAMS = { merchantCode: 'merchant', amount: 'amount' } as const;
