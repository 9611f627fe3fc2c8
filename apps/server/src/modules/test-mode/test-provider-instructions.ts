import {
  ACCOUNT_TYPE_OF_PROVIDER,
  MAYA_BANK_NAME,
  type PaymentInstructions,
  TEST_PROVIDER_ACCOUNT_NUMBER,
  TEST_PROVIDER_HOLDER,
  type WalletProvider,
} from '@gerbang/contract';
import type { PaymentSessionRecord } from '../payment-sessions/payment-session-record';

/**
 * Where a test session's customer "pays": the test provider's placeholders, in the shape of the
 * method's real instructions so the page looks as it will live. Nothing is a real account; the QR
 * says TEST and carries no payment data.
 */
export function testProviderInstructions(session: PaymentSessionRecord): PaymentInstructions | null {
  const provider = session.method as WalletProvider | null;
  if (!provider) return null;
  const qr = `GERBANG TEST ${session.id}`;
  if (ACCOUNT_TYPE_OF_PROVIDER[provider] === 'bank') {
    return {
      kind: 'bank',
      provider,
      bankName: 'TEST',
      accountNumber: TEST_PROVIDER_ACCOUNT_NUMBER,
      holderName: TEST_PROVIDER_HOLDER,
    };
  }
  if (provider === 'maya') {
    return {
      kind: 'maya',
      provider,
      ways: ['maya_to_maya_phone_number', 'maya_to_maya_qr', 'maya_to_bank'],
      phoneNumber: TEST_PROVIDER_ACCOUNT_NUMBER,
      accountName: TEST_PROVIDER_HOLDER,
      bankName: MAYA_BANK_NAME,
      qr,
    };
  }
  return { kind: 'qr', provider, qr, accountName: TEST_PROVIDER_HOLDER };
}
