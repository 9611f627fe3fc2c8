import { pgTable, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  dialCode: text('dial_code').notNull(),
  currency: text('currency').notNull(),
});
