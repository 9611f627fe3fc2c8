import { AppError } from '../../http/app-error';

/**
 * Before money leaves a merchant's balance (a settlement, a customer withdrawal, a refund): an
 * active merchant only. A test twin follows its live merchant's status (test-twin-terms.ts).
 */
export function checkMoneyMayLeave(merchant: { status: string }): void {
  if (merchant.status !== 'active') {
    throw new AppError('MERCHANT_SUSPENDED', 'This merchant is suspended; its money does not go out');
  }
}
