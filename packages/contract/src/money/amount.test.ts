import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountStringSchema, formatAmount, parseAmount, toMinorUnits } from './amount';
import { CURRENCIES, CURRENCY_DECIMALS, type Currency, MAX_AMOUNT_MINOR } from './currencies';

const currency = fc.constantFrom<Currency>(...CURRENCIES);
const minorAmount = fc.bigInt({ min: 0n, max: MAX_AMOUNT_MINOR });

describe('amounts as decimal strings and minor units', () => {
  it('formats any amount to a string that parses back to the same minor units', () => {
    fc.assert(
      fc.property(currency, minorAmount, (c, minor) => {
        expect(parseAmount(formatAmount(minor, c), c)).toEqual({ ok: true, minor });
      }),
    );
  });

  it('formats with exactly the currency’s decimals and no grouping', () => {
    fc.assert(
      fc.property(currency, minorAmount, (c, minor) => {
        const text = formatAmount(minor, c);
        const decimals = CURRENCY_DECIMALS[c];
        expect(text).toMatch(decimals === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${decimals}}$`));
      }),
    );
  });

  it('keeps order: a larger amount formats to a larger decimal', () => {
    fc.assert(
      fc.property(currency, minorAmount, minorAmount, (c, a, b) => {
        const [x, y] = [parseAmount(formatAmount(a, c), c), parseAmount(formatAmount(b, c), c)];
        if (!x.ok || !y.ok) throw new Error('round trip failed');
        expect(x.minor < y.minor).toBe(a < b);
      }),
    );
  });

  it('accepts trailing zeros past the currency’s decimals without changing the value', () => {
    fc.assert(
      fc.property(currency, minorAmount, fc.integer({ min: 1, max: 6 }), (c, minor, zeros) => {
        const text = formatAmount(minor, c);
        const padded = text.includes('.') ? text + '0'.repeat(zeros) : `${text}.${'0'.repeat(zeros)}`;
        expect(parseAmount(padded, c)).toEqual({ ok: true, minor });
      }),
    );
  });

  it('refuses a non-zero digit past the currency’s decimals instead of rounding', () => {
    fc.assert(
      fc.property(currency, minorAmount, fc.integer({ min: 1, max: 9 }), (c, minor, digit) => {
        const decimals = CURRENCY_DECIMALS[c];
        const text = formatAmount(minor, c);
        const tooPrecise = decimals === 0 ? `${text}.${digit}` : `${text}${digit}`;
        const parsed = parseAmount(tooPrecise, c);
        expect(parsed.ok).toBe(false);
      }),
    );
    expect(parseAmount('150000.5', 'IDR')).toEqual({
      ok: false,
      message: 'IDR amounts are whole numbers: no decimals',
    });
    expect(parseAmount('1.005', 'PHP')).toEqual({ ok: false, message: 'PHP amounts have at most 2 decimals' });
  });

  it('refuses signs, exponents, separators, spaces anywhere and empty text', () => {
    for (const text of [
      '-1',
      '+1',
      '1e3',
      '1,000',
      '1 000',
      '',
      '.5',
      '5.',
      '01',
      '0x10',
      'NaN',
      'Infinity',
      ' 150000',
      '150000 ',
      '150000\n',
      '\t150000',
    ]) {
      expect(parseAmount(text, 'PHP').ok, JSON.stringify(text)).toBe(false);
      expect(amountStringSchema.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
  });

  it('refuses amounts above the largest one Gerbang handles', () => {
    expect(parseAmount(formatAmount(MAX_AMOUNT_MINOR, 'IDR'), 'IDR')).toEqual({ ok: true, minor: MAX_AMOUNT_MINOR });
    expect(parseAmount((MAX_AMOUNT_MINOR + 1n).toString(), 'IDR').ok).toBe(false);
  });

  it('reads the same value a float would get wrong', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in minor units it is exact.
    expect(toMinorUnits('0.10', 'PHP') + toMinorUnits('0.20', 'PHP')).toBe(toMinorUnits('0.30', 'PHP'));
    // The largest amount, exactly: 9,999,999,999,999.99 pesos is 999,999,999,999,999 centavos.
    expect(toMinorUnits('9999999999999.99', 'PHP')).toBe(MAX_AMOUNT_MINOR);
    expect(formatAmount(-125050n, 'PHP')).toBe('-1250.50');
  });
});
