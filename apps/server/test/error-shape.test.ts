import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './helpers/raw-http';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown route with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Route GET /nope not found' },
      requestId: expect.any(String),
    });
    expect(res.headers['x-request-id']).toBe(res.json().requestId);
  });

  it('names an unknown body field and a field of the wrong type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: 'a@example.test', password: 42, admin: true },
    });
    expect(res.statusCode).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toMatchObject({ 'body.admin': 'Unknown field', 'body.password': expect.any(String) });
    expect(error.message).toContain('body.admin');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
  });

  it('refuses a body in another content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('serves the OpenAPI document at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty(['/auth/signin']);
  });
});

describe('cross-origin requests from a console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('pass the preflight for every method the consoles use, with the bearer header', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/users/00000000-0000-4000-8000-000000000000',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect(res.headers['access-control-allow-methods']).toContain(method);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      // Remembered by the browser for the URL (not asked again before each call).
      expect(res.headers['access-control-max-age']).toBe('7200');
    }
  });

  it('are not allowed from an unknown origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/signin',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('every API response', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses framing, sniffing and caching, errors included', async () => {
    for (const url of ['/auth/current-user', '/nope', '/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('a request the HTTP parser refuses', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('is answered 414 in the error shape when its URL is too long', async () => {
    const res = await rawRequest(port, `GET /auth/current-user?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The URL is longer than 16 KiB' },
      requestId: expect.any(String),
    });
    expect(res.headers).toContain('x-frame-options: deny');
  });

  it('is answered 431 in the error shape when its headers are too large', async () => {
    const res = await rawRequest(port, `GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'c'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The URL and headers are larger than 16 KiB together',
    });
  });

  it('is answered 400 in the error shape when a header is malformed', async () => {
    const res = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nNot A Header\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The request could not be read as HTTP',
    });
  });
});
