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
const TYPED = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

/**
 * zod writes a nullable value as `anyOf: [schema, null]`, and fast-json-stringify answers an
 * anyOf by running Ajv on every value (a date-time format check for each nullable time, a whole
 * object's validation for each nullable object, each request). `type: [type, 'null']` says the
 * same and is written after a typeof test.
 */
function nullableAsTypeArray(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsTypeArray);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, nullableAsTypeArray(value)]),
  ) as JsonSchema;
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return node;
  const nullAt = branches.findIndex(
    (candidate: JsonSchema) => candidate.type === 'null' && Object.keys(candidate).length === 1,
  );
  const branch = branches[1 - nullAt] as JsonSchema | undefined;
  if (nullAt < 0 || !branch || typeof branch.type !== 'string' || !TYPED.has(branch.type)) return node;
  if ('const' in branch) return node;
  const { anyOf: _anyOf, ...rest } = node;
  // An enclosing anyOf still validates with Ajv: null must stay one of the enum's values.
  const values = Array.isArray(branch.enum) ? { enum: [...branch.enum, null] } : {};
  return { ...rest, ...branch, ...values, type: [branch.type, 'null'] };
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
