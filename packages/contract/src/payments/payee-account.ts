import { parseEmvFields } from './emv-qr';
import type { PaymentInstructions } from './payment-session';

/**
 * The account a customer's money goes to, from the deposit page's instructions: the bank account,
 * the Maya account's mobile number, or the account in the QR's merchant template (field 26, its
 * field 02). What a simulated customer's app pays; null when the page shows nowhere to pay.
 */
export function payeeAccountOf(instructions: PaymentInstructions | null): string | null {
  if (!instructions) return null;
  if (instructions.kind === 'bank') return instructions.accountNumber;
  if (instructions.kind === 'maya') return instructions.phoneNumber;
  try {
    const template = parseEmvFields(instructions.qr).get('26');
    return template ? (parseEmvFields(template).get('02') ?? null) : null;
  } catch {
    return null;
  }
}
