import { errorResponseSchema, listCountries, listCountriesResponseSchema } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { createCountriesRepository } from './countries.repository';

export async function countriesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = createCountriesRepository(ctx.db);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: listCountries.method,
    url: listCountries.path,
    schema: {
      tags: ['countries'],
      security: [{ bearer: [] }],
      summary: 'ISO 3166 countries with calling codes and currencies, by name',
      response: { 200: listCountriesResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
    },
    preHandler: ctx.auth.requirePermission('countries', 'view'),
    handler: () => repo.listByName(),
  });
}
