/** Merchant console Dashboard (a Merchant user's own merchant). */
export const getMerchantStats = { method: 'GET', path: '/merchant-dashboard/stats' } as const;
