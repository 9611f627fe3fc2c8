/**
 * A merchant's statement: every movement of its available balance in [from, to), each with the
 * balance after it, between the opening and the closing balance, as CSV or PDF (streamed). Merchant users
 * get their own; Admins name the merchant.
 */
export const exportMerchantStatement = { method: 'GET', path: '/statements' } as const;
