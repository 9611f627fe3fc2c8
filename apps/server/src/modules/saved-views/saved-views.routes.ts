import {
  createSavedView,
  createSavedViewBodySchema,
  deleteSavedView,
  idParamsSchema,
  listSavedViews,
  listSavedViewsQuerySchema,
  noContentSchema,
  savedViewSchema,
  savedViewsResponseSchema,
  updateSavedView,
  updateSavedViewBodySchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { createSavedViewsRepository } from './saved-views.repository';
import { createSavedViewsService } from './saved-views.service';

const tags = ['saved-views'];
const security = BEARER_SECURITY;

/** Every signed-in user's own saved views of the console's lists. */
export async function savedViewsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = createSavedViewsService({ db: ctx.db, repo: createSavedViewsRepository(ctx.db) });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = ctx.auth.authenticate;

  api.route({
    method: listSavedViews.method,
    url: listSavedViews.path,
    schema: {
      tags,
      security,
      summary: "The caller's saved views of a page, by name",
      querystring: listSavedViewsQuerySchema,
      response: { 200: savedViewsResponseSchema, ...errorResponses(401, 422) },
    },
    preHandler: signedIn,
    handler: async (request) => ({ items: await service.list(requireAuth(request).userId, request.query.page) }),
  });

  api.route({
    method: createSavedView.method,
    url: createSavedView.path,
    schema: {
      tags,
      security,
      summary:
        "Saves the page's filters under a name (409 when the name is used on that page), optionally as its default",
      body: createSavedViewBodySchema,
      response: { 201: savedViewSchema, ...errorResponses(401, 409, 422) },
    },
    preHandler: signedIn,
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request).userId, request.body)),
  });

  api.route({
    method: updateSavedView.method,
    url: updateSavedView.path,
    schema: {
      tags,
      security,
      summary: "Makes a view its page's default (the previous one stops being it), or no longer the default",
      params: idParamsSchema,
      body: updateSavedViewBodySchema,
      response: { 200: savedViewSchema, ...errorResponses(401, 404, 422) },
    },
    preHandler: signedIn,
    handler: (request) => service.setDefault(requireAuth(request).userId, request.params.id, request.body.isDefault),
  });

  api.route({
    method: deleteSavedView.method,
    url: deleteSavedView.path,
    schema: {
      tags,
      security,
      summary: 'Deletes one of the caller’s views',
      params: idParamsSchema,
      response: { 204: noContentSchema, ...errorResponses(401, 404, 422) },
    },
    preHandler: signedIn,
    handler: async (request, reply) => {
      await service.delete(requireAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
