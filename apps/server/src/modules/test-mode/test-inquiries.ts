import {
  TEST_ACCOUNT_NOT_FOUND_SUFFIX,
  TEST_DEFAULT_HOLDER_NAME,
  TEST_OTHER_HOLDER_NAME,
  TEST_OTHER_HOLDER_SUFFIX,
} from '@gerbang/contract';
import type { InquiryOutcome } from '../withdrawals/account-inquiries.repository';

/**
 * What test mode's provider says of a destination (docs/test-mode.md), at once and by its number,
 * so a merchant can try every outcome: no such account, someone else's, or the named holder's.
 */
export function testInquiryOutcome(destination: { accountNumber: string; holderName?: string }): InquiryOutcome {
  if (destination.accountNumber.endsWith(TEST_ACCOUNT_NOT_FOUND_SUFFIX)) {
    return { status: 'failed', failureReason: 'account_not_found', message: 'Test mode: no such account' };
  }
  if (destination.accountNumber.endsWith(TEST_OTHER_HOLDER_SUFFIX)) {
    return { status: 'ok', holderName: TEST_OTHER_HOLDER_NAME };
  }
  return { status: 'ok', holderName: destination.holderName?.trim() || TEST_DEFAULT_HOLDER_NAME };
}
