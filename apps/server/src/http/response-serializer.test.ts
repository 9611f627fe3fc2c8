import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandlers } from './error-handler';
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

  it('writes a value of any shape the schema leaves open (unknown, described) as it is', () => {
    const write = compile(z.object({ payload: z.unknown().describe('The receiver’s own data'), raw: z.any() }));
    const data = { payload: 'text', raw: { nested: [1, { a: null }] } };
    expect(JSON.parse(write(data))).toEqual(data);
    expect(JSON.parse(write({ payload: { deep: true }, raw: 5 }))).toEqual({ payload: { deep: true }, raw: 5 });
  });

  it('writes each kind of a discriminated union with its own fields only, and refuses an unknown kind', () => {
    const write = compile(
      z.object({
        instructions: z
          .discriminatedUnion('kind', [
            z.object({ kind: z.literal('qr'), qr: z.string() }),
            z.object({ kind: z.literal('bank'), accountNumber: z.string() }),
          ])
          .nullable(),
      }),
    );
    expect(JSON.parse(write({ instructions: { kind: 'qr', qr: '000201', accountNumber: 'hidden' } }))).toEqual({
      instructions: { kind: 'qr', qr: '000201' },
    });
    expect(JSON.parse(write({ instructions: { kind: 'bank', accountNumber: '123', qr: 'hidden' } }))).toEqual({
      instructions: { kind: 'bank', accountNumber: '123' },
    });
    expect(JSON.parse(write({ instructions: null }))).toEqual({ instructions: null });
    expect(() => write({ instructions: { kind: 'cash', secret: 'x' } })).toThrow(
      'Response field body.instructions.kind is not one of its kinds',
    );
  });

  it('refuses to write an object where the schema has text, a missing field or a null it does not allow', () => {
    const write = compile(z.object({ id: z.string(), items: z.array(z.object({ name: z.string() })) }));
    expect(() => write({ id: { passwordHash: 'secret' }, items: [] })).toThrow('Response field body.id is an object');
    expect(() => write({ items: [] })).toThrow('Response field body.id is required');
    expect(() => write({ id: 'u1', items: [{ name: null }] })).toThrow('Response field body.items[].name is null');
    expect(() => write({ id: 'u1', items: 'none' })).toThrow('Response field body.items is not a list');
    expect(() => write({ id: 'u1', items: [null] })).toThrow('Response field body.items[] is null');
  });

  it('writes dates as ISO times, numbers where the schema has numbers and text where it has text', () => {
    const write = compile(
      z.object({ at: z.iso.datetime(), count: z.number().int(), label: z.string(), on: z.boolean() }),
    );
    expect(JSON.parse(write({ at: new Date(Date.UTC(2026, 10, 25)), count: '42', label: 7, on: true }))).toEqual({
      at: '2026-11-25T00:00:00.000Z',
      count: 42,
      label: '7',
      on: true,
    });
    expect(() => write({ at: 'x', count: 'many', label: 'a', on: true })).toThrow(
      'Response field body.count is not a number',
    );
  });

  it('writes text with quotes, backslashes, control characters and emoji as JSON.parse reads it back', () => {
    const write = compile(z.object({ names: z.array(z.string()) }));
    const names = ['"quoted"', 'back\\slash', 'tab\tnew\nline', 'café ☕ 🇮🇩', '\u0000', ''];
    expect(JSON.parse(write({ names }))).toEqual({ names });
  });

  it('keeps zod for a schema JSON Schema cannot express (a Date), still stripping unknown fields', () => {
    const write = compile(z.object({ at: z.date() }));
    expect(JSON.parse(write({ at: new Date(0), other: 1 }))).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });

  it('answers a response that breaks its schema with a generic 500 that carries none of its values', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    registerErrorHandlers(app);
    app.get('/broken', { schema: { response: { 200: z.object({ name: z.string() }) } } }, async () => ({
      name: { passwordHash: 'argon2-secret' },
    }));
    const response = await app.inject({ method: 'GET', url: '/broken' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json().error).toEqual({ code: 'INTERNAL', message: 'Something went wrong; try again later' });
    expect(response.body).not.toContain('argon2-secret');
    expect(response.body).not.toContain('body.name');
  });
});
