/** Currencies Gerbang moves: Indonesian rupiah (DANA, Livin') and Philippine peso (Maya). */
export const CURRENCIES = ['IDR', 'PHP'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * Decimal places of each currency's smallest unit as the wallets move it. IDR is 0, not ISO 4217's
 * 2: DANA and Livin' transfer whole rupiah, and the regional gateways (Xendit, Midtrans) take IDR
 * amounts as integers. PHP is 2: Maya transfers centavos.
 */
export const CURRENCY_DECIMALS: Record<Currency, number> = { IDR: 0, PHP: 2 };

/**
 * Largest amount in minor units anywhere in Gerbang (spec §9 lists 1e15 among its constants): far
 * above any real balance, and below Number.MAX_SAFE_INTEGER, so a minor-unit amount never loses a
 * digit even where a number is unavoidable (charts).
 */
export const MAX_AMOUNT_MINOR = 10n ** 15n - 1n;

/**
 * The day a merchant's business counts in: its currency's country (a merchant's "today" and its
 * daily figures). Indonesia's western zone, where DANA and Livin' keep their books, and Manila.
 */
export const CURRENCY_TIME_ZONES: Record<Currency, string> = { IDR: 'Asia/Jakarta', PHP: 'Asia/Manila' };
