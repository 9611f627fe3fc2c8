import {
  CREDENTIAL_FIELDS_OF_PROVIDER,
  CURRENCY_OF_PROVIDER,
  normalizeAccountNumber,
  parseAmount,
  type WalletCredentialsInput,
  type WalletLimitsInput,
  type WalletProvider,
} from '@gerbang/contract';
import type { FieldErrors } from '../../http/app-error';

export function accountNumberOf(provider: WalletProvider, text: string, errors: FieldErrors): string {
  const normalized = normalizeAccountNumber(provider, text);
  if (normalized.ok) return normalized.value;
  errors['body.accountNumber'] = normalized.message;
  return text;
}

export type LimitColumns = {
  dailyIncomingAmountMinor?: bigint | null;
  dailyIncomingCount?: number | null;
  dailyOutgoingAmountMinor?: bigint | null;
  dailyOutgoingCount?: number | null;
};

/** Limits in the provider's currency → minor-unit columns; only the fields given (undefined keeps). */
export function limitColumnsOf(provider: WalletProvider, limits: WalletLimitsInput, errors: FieldErrors): LimitColumns {
  const currency = CURRENCY_OF_PROVIDER[provider];
  const columns: LimitColumns = {};
  const amount = (key: 'dailyIncomingAmount' | 'dailyOutgoingAmount', text: string | null | undefined) => {
    if (text === undefined) return undefined;
    if (text === null) return null;
    const parsed = parseAmount(text, currency);
    if (parsed.ok && parsed.minor > 0n) return parsed.minor;
    errors[`body.limits.${key}`] = parsed.ok
      ? 'A limit must be more than zero; leave it empty for none'
      : parsed.message;
    return undefined;
  };
  const incoming = amount('dailyIncomingAmount', limits.dailyIncomingAmount);
  const outgoing = amount('dailyOutgoingAmount', limits.dailyOutgoingAmount);
  if (incoming !== undefined) columns.dailyIncomingAmountMinor = incoming;
  if (outgoing !== undefined) columns.dailyOutgoingAmountMinor = outgoing;
  if (limits.dailyIncomingCount !== undefined) columns.dailyIncomingCount = limits.dailyIncomingCount;
  if (limits.dailyOutgoingCount !== undefined) columns.dailyOutgoingCount = limits.dailyOutgoingCount;
  return columns;
}

/** Refuses credentials the provider does not use (a DANA account has a PIN, no password). */
export function checkCredentialFields(
  provider: WalletProvider,
  credentials: WalletCredentialsInput,
  errors: FieldErrors,
  pathPrefix: 'body.credentials' | 'body',
): void {
  const allowed = CREDENTIAL_FIELDS_OF_PROVIDER[provider];
  for (const [field, value] of Object.entries(credentials)) {
    if (value !== undefined && !allowed.includes(field as (typeof allowed)[number])) {
      errors[`${pathPrefix}.${field}`] = `This provider signs in with ${allowed.join(' and ')} only`;
    }
  }
}
