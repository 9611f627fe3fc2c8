/**
 * The wallet providers and everything Gerbang knows of each, free of zod: the consoles' first
 * pages read it (their routes, sidebar and headers are mapped over it) without loading any schema.
 * The schema of a provider id is in provider.ts.
 */
import type { Currency } from '../money/currencies';
import type { PayoutProvider } from '../withdrawals/payout-providers';

/** Spec §1: the wallet and bank providers whose accounts live on the managed phones. */
export const WALLET_PROVIDERS = ['dana', 'livin', 'maya'] as const;
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];

/** Spec §3 account type: DANA and Maya are e-wallets, Livin' by Mandiri is a bank. */
export const ACCOUNT_TYPES = ['wallet', 'bank'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * What the phone needs to sign in to each provider's app. Write-only: stored encrypted, never
 * returned.
 */
export const WALLET_CREDENTIAL_FIELDS = ['pin', 'password', 'mpin'] as const;
export type WalletCredentialField = (typeof WALLET_CREDENTIAL_FIELDS)[number];

type AccountNumberRule = {
  pattern: RegExp;
  message: string;
  normalize: (text: string) => string;
  /** A number of this form, as the message shows it (tests and demos vary its last digits). */
  example: string;
};

/** Everything Gerbang knows of one provider: every list and rule below is read from here. */
export type WalletProviderFacts = {
  /** Its name as operators and customers read it. */
  name: string;
  accountType: AccountType;
  currency: Currency;
  /** Daily limits reset at midnight where the provider operates. */
  timeZone: string;
  /** Spec §3: the setting key under which its force-active flag is stored. */
  forceActiveSettingKey: string;
  /** Spec §7: the console event its login flows are announced with. */
  loginStatusEvent: 'maya-login-status-update' | 'wallet-login-status-update';
  credentialFields: readonly WalletCredentialField[];
  /**
   * Account numbers as the provider shows them: a mobile number for an e-wallet (written the local
   * way, 08… in Indonesia, 09… in the Philippines), digits for a bank. `normalize` turns what an
   * operator may type (+62 812-3456-7890) into that form.
   */
  accountNumber: AccountNumberRule;
  /** The same app as a payout destination (withdrawals/payout-destination.ts): where money can go. */
  payoutProvider: PayoutProvider;
};

const mobile = (country: '62' | '63', first: '8' | '9') => (text: string) =>
  text.replace(/[\s-]/g, '').replace(new RegExp(`^(\\+${country}|${country})(?=${first})`), '0');

/**
 * The provider table. A new provider is a line in WALLET_PROVIDERS, its facts here, its name in each
 * locale's `common.providers` and a generated migration (the schema's enums and CHECK read the list).
 */
export const WALLET_PROVIDER_TABLE: Record<WalletProvider, WalletProviderFacts> = {
  dana: {
    name: 'DANA',
    accountType: 'wallet',
    currency: 'IDR',
    timeZone: 'Asia/Jakarta',
    forceActiveSettingKey: 'force_active',
    loginStatusEvent: 'wallet-login-status-update',
    // A 6-digit PIN.
    credentialFields: ['pin'],
    accountNumber: {
      pattern: /^08\d{8,11}$/,
      message: 'Enter the DANA mobile number, e.g. 081234567890',
      normalize: mobile('62', '8'),
      example: '081234567890',
    },
    payoutProvider: 'dana',
  },
  livin: {
    name: "Livin' by Mandiri",
    accountType: 'bank',
    currency: 'IDR',
    timeZone: 'Asia/Jakarta',
    forceActiveSettingKey: 'bank_force_active',
    loginStatusEvent: 'wallet-login-status-update',
    // The online-banking password and the MPIN that approves transfers.
    credentialFields: ['password', 'mpin'],
    accountNumber: {
      pattern: /^\d{10,16}$/,
      message: 'Enter the Mandiri account number: 10 to 16 digits',
      normalize: (text) => text.replace(/[\s-]/g, ''),
      example: '1370012345678',
    },
    payoutProvider: 'mandiri',
  },
  maya: {
    name: 'Maya',
    accountType: 'wallet',
    currency: 'PHP',
    timeZone: 'Asia/Manila',
    forceActiveSettingKey: 'maya_force_active',
    loginStatusEvent: 'maya-login-status-update',
    // The account password and its MPIN.
    credentialFields: ['password', 'mpin'],
    accountNumber: {
      pattern: /^09\d{9}$/,
      message: 'Enter the Maya mobile number, e.g. 09171234567',
      normalize: mobile('63', '9'),
      example: '09171234567',
    },
    payoutProvider: 'maya',
  },
};

/** One fact of every provider, as a record by provider. */
function factOfEach<T>(pick: (facts: WalletProviderFacts) => T): Record<WalletProvider, T> {
  return Object.fromEntries(
    WALLET_PROVIDERS.map((provider) => [provider, pick(WALLET_PROVIDER_TABLE[provider])]),
  ) as Record<WalletProvider, T>;
}

export const ACCOUNT_TYPE_OF_PROVIDER = factOfEach((facts) => facts.accountType);
export const CURRENCY_OF_PROVIDER = factOfEach((facts) => facts.currency);
export const FORCE_ACTIVE_SETTING_KEYS = factOfEach((facts) => facts.forceActiveSettingKey);
export const PROVIDER_TIME_ZONES = factOfEach((facts) => facts.timeZone);
export const CREDENTIAL_FIELDS_OF_PROVIDER = factOfEach((facts) => facts.credentialFields);
export const ACCOUNT_NUMBER_RULES = factOfEach((facts) => facts.accountNumber);

/** The account number in its provider's form, or the message that says what is wrong. */
export function normalizeAccountNumber(
  provider: WalletProvider,
  text: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const rule = ACCOUNT_NUMBER_RULES[provider];
  const value = rule.normalize(text.trim());
  return rule.pattern.test(value) ? { ok: true, value } : { ok: false, message: rule.message };
}
