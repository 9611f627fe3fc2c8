import { randomUUID } from 'node:crypto';
import { type ApiTokenScope, ROLE } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import { api } from './test-api';
import { ensureMerchant, signedInUser, type TestApp } from './test-app';

/** A merchant (minimal IDR terms), one of its users signed in, and a console client for them. */
export async function merchantWithUser(t: TestApp, merchantId: string = randomUUID()) {
  await ensureMerchant(t.database, merchantId);
  const session = await signedInUser(t, ROLE.Merchant, { merchantId });
  return { merchantId, user: session.user, sessionHeaders: session.headers, console: api(t.app, session.headers) };
}

/** Creates an API token through the merchant console, as a merchant would. */
export async function createApiTokenAs(
  console: ReturnType<typeof api>,
  scopes: ApiTokenScope[] = ['payments:write', 'payments:read', 'balance:read'],
  extra: { name?: string; expiresAt?: string } = {},
): Promise<{ id: string; secret: string }> {
  const res = await console.post('/api-tokens', { name: extra.name ?? 'Test token', scopes, ...extra });
  if (res.statusCode !== 201) throw new Error(`token creation failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A caller of the merchant API (`/v1`) with an API token. */
export function merchantApi(app: FastifyInstance, secret: string) {
  const headers = { authorization: `Bearer ${secret}` };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object, extraHeaders: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, headers: { ...headers, ...extraHeaders }, payload }),
  };
}

/** Rate limits count per clock minute: start well inside one, so a test's requests share a window. */
export async function freshMinute(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
}
