import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** A user's named filters of a list page (contract saved-views/saved-view.ts). */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    page: text('page').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_views_name_key').on(t.userId, t.page, t.name),
    // One default per page: the index is the arbiter when two tabs set one at once.
    uniqueIndex('saved_views_one_default_key').on(t.userId, t.page).where(sql`${t.isDefault}`),
  ],
);
