import { type CreatePaymentLinkBody, createPaymentLinkSession, type PaymentLinkSession } from '@gerbang/contract';
import { callPublicApi } from '../../../lib/public-api';

/** Opens the payment; the same key (one per visit of the page) never opens a second one. */
export const openPaymentLink = (body: CreatePaymentLinkBody, idempotencyKey: string) =>
  callPublicApi<PaymentLinkSession>(createPaymentLinkSession.path, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
