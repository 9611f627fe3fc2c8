import { API_TOKEN_SCOPES, MODE_HEADER } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { merchantApi } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { merchants } from '../../db/schema';
import type { FleetTestApp } from '../agents/agents.test-support';
import { merchantWithToken } from '../payment-sessions/payment-sessions.test-support';

/**
 * A merchant with a live token, and its test mode as a merchant reaches it: the console in test
 * mode (the switch sends MODE_HEADER), a test token made there, and the test twin's id.
 */
export async function testModeShop(t: FleetTestApp) {
  const shop = await merchantWithToken(t);
  const testConsole = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...shop.sessionHeaders, [MODE_HEADER]: 'test', ...headers }, payload });
  const created = await testConsole('POST', '/api-tokens', {
    name: 'Test token',
    // Every scope: the tests try everything a test token may do.
    scopes: [...API_TOKEN_SCOPES],
  });
  if (created.statusCode !== 201) throw new Error(`test token creation failed: ${created.statusCode} ${created.body}`);
  const testSecret: string = created.json().secret;
  const [twin] = await t.database.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.liveMerchantId, shop.merchantId));
  if (!twin) throw new Error('no test twin was made');
  return {
    shop,
    testConsole,
    /** The console in test mode as the other tests' clients are. */
    testConsoleApi: api(t.app, { ...shop.sessionHeaders, [MODE_HEADER]: 'test' }),
    testSecret,
    testApi: merchantApi(t.app, testSecret),
    twinId: twin.id,
  };
}
export type TestModeShop = Awaited<ReturnType<typeof testModeShop>>;
