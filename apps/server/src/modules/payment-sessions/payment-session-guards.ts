import type { PaymentSessionStatus } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { paymentSessions } from '../../db/schema';

/** Guards of a move, in the database's clock: the session's time limit has not passed. */
export const withinTimeLimit = sql`${paymentSessions.expiresAt} > now()`;
/** … it passed, `graceSeconds` ago or more. */
export const pastTimeLimit = (graceSeconds: number) =>
  sql`${paymentSessions.expiresAt} + ${`${graceSeconds} seconds`}::interval <= now()`;

/** The states a session waits for money in (its final amount is reserved on its account). */
export const AWAITING_MONEY: PaymentSessionStatus[] = ['awaiting_payment', 'processing'];
