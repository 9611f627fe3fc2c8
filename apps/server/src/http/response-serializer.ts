import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { compileProjection, UnprojectableSchema } from './response-projection';

type RouteSchema = Parameters<FastifySerializerCompiler<ZodType>>[0];

/**
 * Responses are written by `JSON.stringify` of the answer's projection onto its schema
 * (`response-projection.ts`), compiled once per route and status from the zod response schema
 * turned into JSON Schema: only the schema's properties go out, with no per-request parse of the
 * whole answer. A schema that JSON Schema or the projection cannot express (a Date, a bigint, a
 * transform, a union of objects) keeps zod's serializer, which strips by parsing.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (route: RouteSchema) => {
  const schema = route.schema as ZodType;
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
  } catch {
    return zodSerializerCompiler(route);
  }
  try {
    const project = compileProjection(json);
    return (data: unknown) => JSON.stringify(project(data));
  } catch (error) {
    if (error instanceof UnprojectableSchema) return zodSerializerCompiler(route);
    throw error;
  }
};
