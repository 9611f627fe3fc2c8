import type { AddressInfo } from 'node:net';
import { ROLE } from '@gerbang/contract';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../simulator/src/prng';
import { BAD_CREDENTIALS, type Credential, malformedRequest } from './fuzz/malformed-requests';
import { type FuzzRoute, routesOf } from './fuzz/openapi-routes';
import { databaseFingerprint } from './helpers/database-fingerprint';
import { createApiTokenAs, merchantWithUser } from './helpers/merchant-api';
import { rawRequest } from './helpers/raw-http';
import { createTestApp, signedInUser, type TestApp } from './helpers/test-app';

/**
 * The schema-driven fuzzer (docs/security.md): malformed requests to every route of the OpenAPI
 * document. Not one may answer 5xx; every 4xx is in the one error shape without internals; no write
 * is accepted; and the database is unchanged. FUZZ_REQUESTS (npm test: 1,500 per database; npm run
 * stress: 10,000) and FUZZ_SEED replay a run.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Tables that change with no request: the scheduler's claims of its periodic work, and the scheduled check of the books. */
const CHANGING_BY_THEMSELVES = ['scheduled_jobs', 'ledger_checks', 'api_request_logs'];
// api_request_logs: a merchant's log records every request its token made, refused ones too, by design.
/** Columns that record use, not change: an API token's last use is stamped even when its request is refused. */
const USE_STAMPS = { api_tokens: ['last_used_at'] };
const STACK_TRACE = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+:\d+|Error: .*\n\s+at /;

describe('malformed requests to every route', () => {
  let t: TestApp;
  let routes: FuzzRoute[];
  const headersOf = new Map<Credential, Record<string, string>>();

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PROXY_CHECK_SCHEDULE_MINUTES: '0',
        HEALTH_CHECK_SCHEDULE_MINUTES: '0',
        WALLET_CHECK_SCHEDULE_MINUTES: '0',
        // Every request reaches the route's own checks (the limits have their own tests).
        API_RATE_LIMIT_PER_MINUTE: '1000000',
      },
    });
    routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]);
    const admin = await signedInUser(t, ROLE.Admin);
    const shop = await merchantWithUser(t);
    const token = await createApiTokenAs(shop.console, [
      'payments:write',
      'payments:read',
      'balance:read',
      'withdrawals:write',
      'withdrawals:read',
    ]);
    const narrow = await createApiTokenAs(shop.console, ['balance:read']);
    const revoked = await createApiTokenAs(shop.console);
    await shop.console.delete(`/api-tokens/${revoked.id}`);
    // The admin's own claims, signed as they must not be: long expired, with another key, unsigned.
    const claims = JSON.parse(Buffer.from(admin.accessToken.split('.')[1] as string, 'base64url').toString());
    const { exp: _exp, iat: _iat, ...rest } = claims;
    const expired = createSigner({
      key: t.app.ctx.config.JWT_SECRET,
      expiresIn: 60_000,
      clockTimestamp: Date.now() - 7_200_000,
    })(rest);
    const wrongSecret = createSigner({ key: 'x'.repeat(48), expiresIn: 600_000 })(rest);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${admin.accessToken.split('.')[1]}.`;
    const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
    headersOf.set('none', {});
    headersOf.set('garbage', bearer('garbage.token.value'));
    headersOf.set('expired', bearer(expired));
    headersOf.set('wrong_secret', bearer(wrongSecret));
    headersOf.set('alg_none', bearer(unsigned));
    headersOf.set('revoked_api_token', bearer(revoked.secret));
    headersOf.set('wrong_scope_api_token', bearer(narrow.secret));
    headersOf.set('admin', admin.headers);
    headersOf.set('merchant_user', shop.sessionHeaders);
    headersOf.set('api_token', bearer(token.secret));
    expect(BAD_CREDENTIALS.every((c) => headersOf.has(c))).toBe(true);
  }, 60_000);
  afterAll(() => t?.close());

  it(`${REQUESTS} malformed requests: no 5xx, every refusal in the error shape, no write accepted, the database unchanged`, async () => {
    expect(routes.length).toBeGreaterThan(90);
    const before = await databaseFingerprint(t.database.db, CHANGING_BY_THEMSELVES, USE_STAMPS);
    const random = createRandom(SEED);
    const problems: string[] = [];
    const statuses: Record<string, number> = {};
    for (let i = 0; i < REQUESTS; i += 1) {
      const route = routes[i % routes.length] as FuzzRoute;
      const valid: Credential =
        route.security === 'apiToken'
          ? 'api_token'
          : route.security === 'bearer'
            ? random() < 0.5
              ? 'admin'
              : 'merchant_user'
            : 'none';
      const request = malformedRequest(random, route, valid);
      const res = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...(headersOf.get(request.credential) ?? {}), ...request.headers },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      const what = `#${i} ${request.method} ${request.url.slice(0, 120)} [${request.mutation}; ${request.credential}] → ${res.statusCode}`;
      if (res.statusCode >= 500) problems.push(`${what}: ${res.body.slice(0, 300)}`);
      if (res.statusCode >= 400) {
        let error: { code?: unknown; message?: unknown } | undefined;
        try {
          error = (res.json() as { error?: typeof error }).error;
        } catch {
          error = undefined;
        }
        if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
          problems.push(`${what}: not in the error shape: ${res.body.slice(0, 200)}`);
        }
      }
      if (request.method !== 'GET' && res.statusCode < 400) problems.push(`${what}: a malformed write was accepted`);
      if (STACK_TRACE.test(res.body)) problems.push(`${what}: the answer shows internals: ${res.body.slice(0, 300)}`);
    }
    const after = await databaseFingerprint(t.database.db, CHANGING_BY_THEMSELVES, USE_STAMPS);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    console.log(
      `fuzz seed ${SEED}: ${REQUESTS} requests over ${routes.length} routes; statuses ${JSON.stringify(statuses)}`,
    );
    expect(problems, `replay: FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS}`).toEqual([]);
    expect(changed, 'tables changed by malformed requests').toEqual([]);
  }, 600_000);

  it('requests beyond what the HTTP parser takes, on every route: each refused in the error shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const problems: string[] = [];
    const statuses: Record<string, number> = {};
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const heads = [
        `${route.method} ${path}?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        `${route.method} ${path} HTTP/1.1\r\nHost: x\r\nX-Padding: ${'p'.repeat(17_000)}\r\n\r\n`,
        `${route.method} ${path} HTTP/1.1\r\nHost: x\r\nNot A Header\r\n\r\n`,
        `${route.method} ${path} HTTP/9.9\r\nHost: x\r\n\r\n`,
      ];
      for (const head of heads) {
        const res = await rawRequest(port, head);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const what = `${route.method} ${path} (${head.length} bytes) → ${res.status}`;
        let error: { code?: unknown; message?: unknown } | undefined;
        try {
          error = (JSON.parse(res.body) as { error?: typeof error }).error;
        } catch {
          error = undefined;
        }
        if (!(res.status >= 400 && res.status < 500)) problems.push(`${what}: not refused as the client's fault`);
        if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
          problems.push(`${what}: not in the error shape: ${res.body.slice(0, 200)}`);
        }
        if (STACK_TRACE.test(res.body)) problems.push(`${what}: the answer shows internals`);
      }
    }
    console.log(`fuzz over the wire: ${routes.length * 4} requests; statuses ${JSON.stringify(statuses)}`);
    expect(problems).toEqual([]);
  }, 120_000);
});
