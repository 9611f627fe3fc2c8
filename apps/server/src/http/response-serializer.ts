import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<ZodType>>[0];

/**
 * Responses are written by fast-json-stringify, compiled once per route and status from the
 * response's zod schema turned into JSON Schema: only the schema's properties go out (the same
 * allowlist zod's stripping gave), with no per-request parse of the whole answer. A schema JSON
 * Schema cannot express (a Date, a bigint, a transform) keeps zod's serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (route: RouteSchema) => {
  const schema = route.schema as ZodType;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    const stringify = fastJson(json as Parameters<typeof fastJson>[0]);
    return (data: unknown) => stringify(data);
  } catch {
    return zodSerializerCompiler(route);
  }
};
