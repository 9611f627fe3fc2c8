import { createHash } from 'node:crypto';
import type { CreatePaymentLinkBody, PaymentLinkSession } from '@gerbang/contract';
import type { Config } from '../../config';
import { AppError, invalidFields } from '../../http/app-error';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { MerchantsRepository } from '../merchants/merchants.repository';
import type { PaymentSessionsService } from './payment-sessions.service';

const HOUR_MS = 60 * 60_000;
const ROUTE = 'POST /public/payment-links';

/**
 * Payment links (`/request-transaction`): a customer opens a session of a merchant that allows
 * them, as the merchant API would. Anyone may call it, so each IP may open only so many an hour
 * (counted from the audit log: across instances and restarts), and the reference number comes
 * from the idempotency key, so a retried request replays instead of opening a second session.
 */
export function createPaymentLinks(deps: {
  merchants: Pick<MerchantsRepository, 'findByCode'>;
  sessions: Pick<PaymentSessionsService, 'create'>;
  audit: Pick<AuditRepository, 'insert' | 'countRecent' | 'secondsUntilWindowFrees'>;
  config: Pick<Config, 'PAYMENT_LINKS_PER_IP_PER_HOUR'>;
}) {
  const action = AUDIT_ACTIONS.paymentLinkOpened;
  return {
    async open(ip: string, idempotencyKey: string, body: CreatePaymentLinkBody): Promise<PaymentLinkSession> {
      const merchant = await deps.merchants.findByCode(body.merchantCode.toUpperCase());
      if (!merchant?.paymentLinksEnabled || merchant.status !== 'active') {
        throw invalidFields({ 'body.merchantCode': 'No merchant with this code takes payments by link' });
      }
      const opened = await deps.audit.countRecent({ action, windowMs: HOUR_MS, ip });
      if (opened >= deps.config.PAYMENT_LINKS_PER_IP_PER_HOUR) {
        const wait = await deps.audit.secondsUntilWindowFrees({ action, windowMs: HOUR_MS, ip });
        throw new AppError('RATE_LIMITED', 'Too many payments opened from this network; try again later', {
          headers: { 'retry-after': String(Math.max(1, wait)) },
        });
      }
      const reference = `LINK-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20).toUpperCase()}`;
      const answer = await deps.sessions.create(
        { merchantId: merchant.id, tokenId: null, route: ROUTE, caller: 'payment_link' },
        idempotencyKey,
        { referenceNumber: reference, amount: body.amount, metadata: { source: 'payment_link' } },
      );
      await deps.audit.insert({
        action,
        ip,
        targetType: 'payment_session',
        targetId: answer.body.id,
        details: { merchantId: merchant.id, amount: answer.body.amount },
      });
      return { sessionId: answer.body.id, paymentUrl: answer.body.paymentUrl };
    },
  };
}
export type PaymentLinks = ReturnType<typeof createPaymentLinks>;
