import { describe, expect, it } from 'vitest';
import { PAYOUT_PROVIDERS } from '../withdrawals/payout-providers';
import {
  ACCOUNT_TYPE_OF_PROVIDER,
  CURRENCY_OF_PROVIDER,
  normalizeAccountNumber,
  WALLET_PROVIDER_TABLE,
  WALLET_PROVIDERS,
} from './wallet-providers';

describe('the wallet provider table', () => {
  it('gives every provider its facts, and the lists read from it', () => {
    for (const provider of WALLET_PROVIDERS) {
      const facts = WALLET_PROVIDER_TABLE[provider];
      expect(CURRENCY_OF_PROVIDER[provider]).toBe(facts.currency);
      expect(ACCOUNT_TYPE_OF_PROVIDER[provider]).toBe(facts.accountType);
    }
  });

  it('joins each provider to the payout destination of the same app, in its currency and of its kind', () => {
    for (const provider of WALLET_PROVIDERS) {
      const { payoutProvider, currency, accountType } = WALLET_PROVIDER_TABLE[provider];
      expect(PAYOUT_PROVIDERS[payoutProvider], provider).toMatchObject({ currency, type: accountType });
    }
  });

  it("accepts each provider's example number as it is written", () => {
    for (const provider of WALLET_PROVIDERS) {
      const { example } = WALLET_PROVIDER_TABLE[provider].accountNumber;
      expect(normalizeAccountNumber(provider, example), provider).toEqual({ ok: true, value: example });
    }
  });

  it('writes what an operator types as the provider shows it', () => {
    expect(normalizeAccountNumber('dana', '+62 812-3456-7890')).toEqual({ ok: true, value: '081234567890' });
    expect(normalizeAccountNumber('maya', '+63 917 123 4567')).toEqual({ ok: true, value: '09171234567' });
    expect(normalizeAccountNumber('livin', '1300 0000 00001')).toEqual({ ok: true, value: '1300000000001' });
    expect(normalizeAccountNumber('maya', '0812')).toEqual({
      ok: false,
      message: 'Enter the Maya mobile number, e.g. 09171234567',
    });
  });
});
