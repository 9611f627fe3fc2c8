import { type CreateSavedViewBody, SAVED_VIEWS_PER_PAGE_MAX, type SavedView } from '@gerbang/contract';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError, notFound } from '../../http/app-error';
import type { SavedViewsRepository } from './saved-views.repository';

const nameTaken = () =>
  new AppError('CONFLICT', 'You already have a view of this name on this page', {
    fields: { 'body.name': 'Already used on this page' },
  });

/**
 * Runs `work` again when another transaction made a default of the same page at the same moment
 * (the partial unique index refused this one): by then that one has committed, and clearing it works.
 */
async function oneDefault<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error, 'saved_views_one_default_key')) throw error;
    }
  }
}

/** Saved views: a user's named filters of a list page, one of them the page's default. */
export function createSavedViewsService(deps: { db: Database; repo: SavedViewsRepository }) {
  const { db, repo } = deps;
  return {
    list: (userId: string, page: string) => repo.list(userId, page),

    async create(userId: string, body: CreateSavedViewBody & { isDefault: boolean }): Promise<SavedView> {
      try {
        return await oneDefault(() =>
          db.transaction(async (tx) => {
            if ((await repo.countOf(tx, userId, body.page)) >= SAVED_VIEWS_PER_PAGE_MAX) {
              throw new AppError(
                'CONFLICT',
                `A page keeps at most ${SAVED_VIEWS_PER_PAGE_MAX} views: delete one first`,
              );
            }
            if (body.isDefault) await repo.clearDefault(tx, userId, body.page);
            return repo.insert(tx, {
              userId,
              page: body.page,
              name: body.name,
              query: body.query,
              isDefault: body.isDefault,
            });
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error, 'saved_views_name_key')) throw nameTaken();
        throw error;
      }
    },

    /** Makes a view its page's default (the previous one stops being it), or no longer the default. */
    async setDefault(userId: string, id: string, isDefault: boolean): Promise<SavedView> {
      return oneDefault(() =>
        db.transaction(async (tx) => {
          const view = await repo.find(tx, userId, id);
          if (!view) throw notFound('Saved view');
          if (isDefault) await repo.clearDefault(tx, userId, view.page, view.id);
          return repo.setDefault(tx, view.id, isDefault);
        }),
      );
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound('Saved view');
    },
  };
}
