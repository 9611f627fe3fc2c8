import { z } from 'zod';
import { CURRENCY_DECIMALS, type Currency, MAX_AMOUNT_MINOR } from './currencies';

/**
 * Money crosses the API as decimal strings ("150000", "1250.50") and lives in the database and in
 * server arithmetic as bigint minor units. Nothing here ever goes through a float.
 */

/** A non-negative decimal written the plain way: digits, optionally a point and more digits. */
const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * The shape of an amount in a request body; the currency's own rules are checked by parseAmount.
 * Not trimmed: " 150000" or "150000\n" is not a plain decimal string, and money is never guessed.
 */
export const amountStringSchema = z
  .string()
  .max(40)
  .regex(
    DECIMAL,
    'Enter a plain decimal amount such as 150000 or 1250.50: digits, at most one decimal point, no sign, separators or spaces',
  );

/** A decimal amount as the API returns it, formatted with the currency's decimals. */
export const amountSchema = z.string();

export type AmountParse = { ok: true; minor: bigint } | { ok: false; message: string };

/**
 * "1250.50" in PHP → 125050n. Trailing zeros past the currency's decimals are accepted (they do not
 * change the value: "150000.00" is 150000 rupiah); any other extra digit is refused, never rounded.
 */
export function parseAmount(text: string, currency: Currency): AmountParse {
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, message: 'Enter a plain decimal amount such as 150000 or 1250.50' };
  const decimals = CURRENCY_DECIMALS[currency];
  const whole = match[1] as string;
  const fraction = match[2] ?? '';
  const kept = fraction.slice(0, decimals);
  if (/[^0]/.test(fraction.slice(decimals))) {
    return {
      ok: false,
      message:
        decimals === 0
          ? `${currency} amounts are whole numbers: no decimals`
          : `${currency} amounts have at most ${decimals} decimals`,
    };
  }
  const minor = BigInt(whole + kept.padEnd(decimals, '0'));
  if (minor > MAX_AMOUNT_MINOR) return { ok: false, message: 'This amount is too large' };
  return { ok: true, minor };
}

export class AmountError extends Error {}

/** parseAmount for values that are already known to be valid (throws AmountError otherwise). */
export function toMinorUnits(text: string, currency: Currency): bigint {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw new AmountError(parsed.message);
  return parsed.minor;
}

/** 125050n in PHP → "1250.50"; -5n in IDR → "-5". Always the currency's decimals, no grouping. */
export function formatAmount(minor: bigint, currency: Currency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
