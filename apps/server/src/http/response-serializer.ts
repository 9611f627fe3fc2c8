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
type JsonSchema = { [key: string]: unknown };
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * zod writes a nullable scalar as `anyOf: [scalar, null]`, and fast-json-stringify answers an
 * anyOf by running Ajv on every value (a date-time format check for each nullable time, each
 * request). `type: [scalar, 'null']` says the same and is written by a typeof test.
 */
function nullableAsTypeArray(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsTypeArray);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, nullableAsTypeArray(value)]),
  ) as JsonSchema;
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return node;
  const nullAt = branches.findIndex((branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1);
  const scalar = branches[1 - nullAt] as JsonSchema | undefined;
  if (nullAt < 0 || !scalar || typeof scalar.type !== 'string' || !SCALAR_TYPES.has(scalar.type)) return node;
  if ('const' in scalar) return node;
  const { anyOf: _anyOf, ...rest } = node;
  // An enclosing anyOf still validates with Ajv: null must stay one of the enum's values.
  const values = Array.isArray(scalar.enum) ? { enum: [...scalar.enum, null] } : {};
  return { ...rest, ...scalar, ...values, type: [scalar.type, 'null'] };
}

export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (route: RouteSchema) => {
  const schema = route.schema as ZodType;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    const stringify = fastJson(nullableAsTypeArray(json) as Parameters<typeof fastJson>[0]);
    return (data: unknown) => stringify(data);
  } catch {
    return zodSerializerCompiler(route);
  }
};
