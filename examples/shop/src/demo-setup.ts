import { readFileSync } from 'node:fs';

/** The merchant console's API, as the shop's operator would use it once by hand. */
async function call<T>(
  gerbangUrl: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  mode: 'live' | 'test' = 'live',
): Promise<T> {
  const response = await fetch(new URL(path, gerbangUrl), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      // The merchant console's Test mode switch (docs/test-mode.md).
      ...(mode === 'test' ? { 'x-gerbang-mode': 'test' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

type DemoCredentials = {
  email: string;
  password: string;
  merchant?: { email: string; password: string };
};

/**
 * Connects the shop to `npm run demo`'s Toko Demo in test mode, as its owner would in the merchant
 * console with its Test mode switch on: a test API token (gbk_test_…) for payments and refunds,
 * the shop's webhook URL as test mode's endpoint, a new test signing secret, and (as the demo
 * Admin) the shop's origin among those that may frame the deposit page (test mode follows it).
 */
export async function connectToDemo(options: { gerbangUrl: string; publicUrl: string; credentialsFile: string }) {
  const credentials = JSON.parse(readFileSync(options.credentialsFile, 'utf8')) as DemoCredentials;
  if (!credentials.merchant)
    throw new Error(`${options.credentialsFile} has no merchant user yet: let npm run demo start first`);
  const signIn = async (who: { email: string; password: string }) =>
    (await call<{ accessToken: string }>(options.gerbangUrl, 'POST', '/auth/signin', null, who)).accessToken;
  const owner = await signIn(credentials.merchant);
  const token = await call<{ secret: string }>(
    options.gerbangUrl,
    'POST',
    '/api-tokens',
    owner,
    { name: `Example shop ${new Date().toISOString()}`, scopes: ['payments:write', 'payments:read', 'refunds:write'] },
    'test',
  );
  await call(
    options.gerbangUrl,
    'PUT',
    '/webhook-endpoint',
    owner,
    { callbackUrl: `${options.publicUrl}/webhooks/gerbang` },
    'test',
  );
  const { webhookSecret } = await call<{ webhookSecret: string }>(
    options.gerbangUrl,
    'POST',
    '/webhook-endpoint/secret',
    owner,
    { previousSecret: 'expire_now' },
    'test',
  );
  const { user } = await call<{ user: { merchantId: string } }>(options.gerbangUrl, 'GET', '/auth/current-user', owner);
  const admin = await signIn(credentials);
  const merchant = await call<{ embedOrigins: string[] }>(
    options.gerbangUrl,
    'GET',
    `/merchants/${user.merchantId}`,
    admin,
  );
  const origin = new URL(options.publicUrl).origin;
  if (!merchant.embedOrigins.includes(origin)) {
    await call(options.gerbangUrl, 'PATCH', `/merchants/${user.merchantId}`, admin, {
      embedOrigins: [...merchant.embedOrigins, origin],
    });
  }
  return { apiKey: token.secret, webhookSecret };
}
