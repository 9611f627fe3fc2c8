import type { SavedView } from '@gerbang/contract';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { savedViews } from '../../db/schema';

const toSavedView = (row: typeof savedViews.$inferSelect): SavedView => ({
  id: row.id,
  page: row.page,
  name: row.name,
  query: row.query,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

/** A user's saved views; every statement names the user, so one user never reads or changes another's. */
export function createSavedViewsRepository(db: Database) {
  return {
    async list(userId: string, page: string): Promise<SavedView[]> {
      const rows = await db
        .select()
        .from(savedViews)
        .where(and(eq(savedViews.userId, userId), eq(savedViews.page, page)))
        .orderBy(asc(savedViews.name));
      return rows.map(toSavedView);
    },

    /** Counts a user's views of a page, holding their creation on that page until `tx` ends. */
    async countOf(tx: Database, userId: string, page: string): Promise<number> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-views:${userId}:${page}`}))`);
      const [row] = await tx
        .select({ n: count() })
        .from(savedViews)
        .where(and(eq(savedViews.userId, userId), eq(savedViews.page, page)));
      return row?.n ?? 0;
    },

    /** Clears the page's default (but `keep`'s), so another may become it in the same transaction. */
    async clearDefault(tx: Database, userId: string, page: string, keep?: string): Promise<void> {
      await tx
        .update(savedViews)
        .set({ isDefault: false })
        .where(
          and(
            eq(savedViews.userId, userId),
            eq(savedViews.page, page),
            eq(savedViews.isDefault, true),
            keep ? ne(savedViews.id, keep) : undefined,
          ),
        );
    },

    async insert(
      tx: Database,
      view: { userId: string; page: string; name: string; query: string; isDefault: boolean },
    ): Promise<SavedView> {
      const [row] = await tx.insert(savedViews).values(view).returning();
      return toSavedView(row as typeof savedViews.$inferSelect);
    },

    async find(tx: Database, userId: string, id: string) {
      const [row] = await tx
        .select()
        .from(savedViews)
        .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
        .for('update');
      return row ?? null;
    },

    async setDefault(tx: Database, id: string, isDefault: boolean): Promise<SavedView> {
      const [row] = await tx.update(savedViews).set({ isDefault }).where(eq(savedViews.id, id)).returning();
      return toSavedView(row as typeof savedViews.$inferSelect);
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(savedViews)
        .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
        .returning({ id: savedViews.id });
      return rows.length > 0;
    },
  };
}
export type SavedViewsRepository = ReturnType<typeof createSavedViewsRepository>;
