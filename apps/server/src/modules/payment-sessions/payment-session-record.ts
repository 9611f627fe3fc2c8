import type { PaymentSessionStatus } from '@gerbang/contract';
import type { paymentSessions } from '../../db/schema';

/** A payment session's row as the database keeps it: below its repository and its answers alike. */
export type PaymentSessionRecord = typeof paymentSessions.$inferSelect;
export type NewPaymentSession = typeof paymentSessions.$inferInsert;
/** A session after a move, and the state it left. */
export type SessionMove = { row: PaymentSessionRecord; from: PaymentSessionStatus };
