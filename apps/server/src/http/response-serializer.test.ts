import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

describe('response serialization', () => {
  it('writes only the fields the response schema names, as JSON the schema describes', () => {
    const write = compile(
      z.object({
        id: z.string(),
        status: z.enum(['active', 'disabled']),
        note: z.string().nullable(),
        tags: z.array(z.object({ name: z.string() })),
        extra: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    );
    const out = write({
      id: 'u1',
      status: 'active',
      note: null,
      tags: [{ name: 'a', secret: 'x' }],
      passwordHash: 'never',
      extra: { a: 1, b: 'two' },
    });
    expect(JSON.parse(out)).toEqual({
      id: 'u1',
      status: 'active',
      note: null,
      tags: [{ name: 'a' }],
      extra: { a: 1, b: 'two' },
    });
    expect(out).not.toContain('never');
  });

  it('writes nullable times, numbers and enums as their value or null', () => {
    const write = compile(
      z.object({
        at: z.iso.datetime().nullable(),
        count: z.number().int().nullable(),
        state: z.enum(['on', 'off']).nullable(),
        // Inside a nullable object (an anyOf Ajv checks) a null enum must still pass.
        nested: z.object({ when: z.iso.datetime().nullable(), reason: z.enum(['a', 'b']).nullable() }).nullable(),
      }),
    );
    const full = { at: '2026-11-24T08:00:00.000Z', count: 3, state: 'on', nested: { when: null, reason: null } };
    expect(JSON.parse(write(full))).toEqual(full);
    const empty = { at: null, count: null, state: null, nested: null };
    expect(JSON.parse(write(empty))).toEqual(empty);
  });

  it('writes a nullable object or list as itself, stripped to its schema, or as null', () => {
    const write = compile(
      z.object({
        customer: z.object({ name: z.string(), email: z.string().optional() }).nullable(),
        metadata: z.record(z.string(), z.unknown()).nullable(),
        tags: z.array(z.string()).nullable(),
      }),
    );
    const full = { customer: { name: 'Budi', secret: 'x' }, metadata: { order: 7, note: 'a' }, tags: ['a'] };
    expect(JSON.parse(write(full))).toEqual({ customer: { name: 'Budi' }, metadata: full.metadata, tags: ['a'] });
    const empty = { customer: null, metadata: null, tags: null };
    expect(JSON.parse(write(empty))).toEqual(empty);
  });

  it('keeps zod for a schema JSON Schema cannot express (a Date), still stripping unknown fields', () => {
    const write = compile(z.object({ at: z.date() }));
    expect(JSON.parse(write({ at: new Date(0), other: 1 }))).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });
});
