import type { PaymentSessionStatus } from '@gerbang/contract';
import type { paymentSessions } from '../../db/schema';

/** A payment session's row as the database keeps it: below its repository and its answers alike. */
export type PaymentSessionRecord = typeof paymentSessions.$inferSelect;
export type NewPaymentSession = typeof paymentSessions.$inferInsert;
/** A session after a move, and the state it left. */
export type SessionMove = { row: PaymentSessionRecord; from: PaymentSessionStatus };
/** What a new session is opened with (`created`: its final amount is its amount until a method is chosen). */
export type OpenedSession = Pick<
  NewPaymentSession,
  'merchantId' | 'referenceNumber' | 'currency' | 'amountMinor' | 'feeMinor' | 'apiTokenId'
> & {
  /** false: its merchant is a test twin (test mode). */
  livemode: boolean;
} & {
  method: string | null;
  customer: unknown;
  returnUrl: string | null;
  metadata: unknown;
  /** The session's time limit from now, in the database's clock. */
  timeLimitSeconds: number;
};
