import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';

/**
 * Saved views: a user's named filters of a list page (its address's query), and at most one
 * default per page, which the page opens with when its address names no filter. Each user's own.
 */
export const SAVED_VIEWS_PER_PAGE_MAX = 20;

/** A console page's path, as the list's address has it ("/transaction", "/dana"). */
export const savedViewPageSchema = z
  .string()
  .max(100)
  .regex(/^\/[a-z0-9/-]*$/, 'A page path such as /transaction');

export const savedViewSchema = z.object({
  id: idSchema,
  page: z.string(),
  name: z.string(),
  /** The list's query, as its address carries it: "?status=failed&awaitingReview=true" (or ""). */
  query: z.string(),
  isDefault: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewsResponseSchema = z.object({ items: z.array(savedViewSchema) });

export const createSavedViewBodySchema = z.strictObject({
  page: savedViewPageSchema,
  name: z.string().trim().min(1).max(60),
  query: z
    .string()
    .max(1000)
    .regex(/^(\?[^#\s]*)?$/, 'An address query such as ?status=failed'),
  isDefault: z.boolean().default(false),
});
export type CreateSavedViewBody = z.input<typeof createSavedViewBodySchema>;
export const updateSavedViewBodySchema = z.strictObject({ isDefault: z.boolean() });
export const listSavedViewsQuerySchema = z.strictObject({ page: savedViewPageSchema });

export const listSavedViews = { method: 'GET', path: '/saved-views' } as const;
export const createSavedView = { method: 'POST', path: '/saved-views' } as const;
export const updateSavedView = { method: 'PATCH', path: '/saved-views/:id' } as const;
export const deleteSavedView = { method: 'DELETE', path: '/saved-views/:id' } as const;
