import { z } from 'zod';
import type { Currency } from '../money/currency';

/** Spec §1: the wallet and bank providers whose accounts live on the managed phones. */
export const WALLET_PROVIDERS = ['dana', 'livin', 'maya'] as const;
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];
export const walletProviderSchema = z.enum(WALLET_PROVIDERS);

/** Spec §3 account type: DANA and Maya are e-wallets, Livin' by Mandiri is a bank. */
export const ACCOUNT_TYPES = ['wallet', 'bank'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_OF_PROVIDER: Record<WalletProvider, AccountType> = {
  dana: 'wallet',
  livin: 'bank',
  maya: 'wallet',
};

export const CURRENCY_OF_PROVIDER: Record<WalletProvider, Currency> = { dana: 'IDR', livin: 'IDR', maya: 'PHP' };

/** Spec §3: the setting key under which each provider's force-active flag is stored. */
export const FORCE_ACTIVE_SETTING_KEYS = {
  dana: 'force_active',
  livin: 'bank_force_active',
  maya: 'maya_force_active',
} as const satisfies Record<WalletProvider, string>;

/** Daily limits reset at midnight where the provider operates. */
export const PROVIDER_TIME_ZONES: Record<WalletProvider, string> = {
  dana: 'Asia/Jakarta',
  livin: 'Asia/Jakarta',
  maya: 'Asia/Manila',
};

/**
 * What the phone needs to sign in to each provider's app. DANA: a 6-digit PIN. Livin': the
 * online-banking password and the MPIN that approves transfers. Maya: the account password and
 * its MPIN. Write-only: stored encrypted, never returned.
 */
export const WALLET_CREDENTIAL_FIELDS = ['pin', 'password', 'mpin'] as const;
export type WalletCredentialField = (typeof WALLET_CREDENTIAL_FIELDS)[number];
export const CREDENTIAL_FIELDS_OF_PROVIDER: Record<WalletProvider, readonly WalletCredentialField[]> = {
  dana: ['pin'],
  livin: ['password', 'mpin'],
  maya: ['password', 'mpin'],
};

/**
 * Account numbers as the provider shows them: a mobile number for the e-wallets (written the local
 * way, 08… in Indonesia and 09… in the Philippines), digits for Livin'. `normalize` turns what an
 * operator may type (+62 812-3456-7890) into that form.
 */
export const ACCOUNT_NUMBER_RULES: Record<
  WalletProvider,
  { pattern: RegExp; message: string; normalize: (text: string) => string }
> = {
  dana: {
    pattern: /^08\d{8,11}$/,
    message: 'Enter the DANA mobile number, e.g. 081234567890',
    normalize: (text) => text.replace(/[\s-]/g, '').replace(/^(\+62|62)(?=8)/, '0'),
  },
  livin: {
    pattern: /^\d{10,16}$/,
    message: 'Enter the Mandiri account number: 10 to 16 digits',
    normalize: (text) => text.replace(/[\s-]/g, ''),
  },
  maya: {
    pattern: /^09\d{9}$/,
    message: 'Enter the Maya mobile number, e.g. 09171234567',
    normalize: (text) => text.replace(/[\s-]/g, '').replace(/^(\+63|63)(?=9)/, '0'),
  },
};

/** The account number in its provider's form, or the message that says what is wrong. */
export function normalizeAccountNumber(
  provider: WalletProvider,
  text: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const rule = ACCOUNT_NUMBER_RULES[provider];
  const value = rule.normalize(text.trim());
  return rule.pattern.test(value) ? { ok: true, value } : { ok: false, message: rule.message };
}
