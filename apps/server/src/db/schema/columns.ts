import { timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are timestamptz, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
