import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

type MerchantTerms = { status: string; liveMerchantId: string | null };

const liveOnly = (what: string) =>
  new AppError('INVALID_STATE', `${what} are live only: test mode has no money out yet`);

/**
 * Money out is live only for now (docs/test-mode.md): a test twin's withdrawal, refund or payout
 * method would go to a phone, which test mode never does. Refused, with nothing changed.
 */
export function refuseInTestMode(merchant: Pick<MerchantTerms, 'liveMerchantId'>, what: string): void {
  if (merchant.liveMerchantId) throw liveOnly(what);
}

/** Before money leaves a merchant's balance: an active, live merchant only. */
export function checkMoneyMayLeave(merchant: MerchantTerms, what: string): void {
  if (merchant.status !== 'active') {
    throw new AppError('MERCHANT_SUSPENDED', 'This merchant is suspended; its money does not go out');
  }
  refuseInTestMode(merchant, what);
}

/**
 * A console request in test mode, before anything the live merchant owns decides on it (a team
 * approval is the live merchant's: asked in test mode, it would send live money once approved).
 */
export function refuseTestModeRequest(request: FastifyRequest, what: string): void {
  if (request.auth?.livemode === false) throw liveOnly(what);
}
