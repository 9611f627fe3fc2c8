import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, freshMinute, merchantApi, merchantWithUser } from '../../../test/helpers/merchant-api';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

describe('per-token rate limits of the merchant API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once a token passes its limit; another token of the merchant is not held back', async () => {
    const shop = await merchantWithUser(t);
    const busy = merchantApi(t.app, (await createApiTokenAs(shop.console)).secret);
    const quiet = merchantApi(t.app, (await createApiTokenAs(shop.console)).secret);
    await freshMinute();
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await busy.get('/v1/balance'));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((res) => res.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    const refused = answers[3];
    expect(refused?.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('3 requests'),
    });
    const wait = Number(refused?.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await quiet.get('/v1/balance')).statusCode).toBe(200);
  });

  it('counts only callers it knows: a bad token is refused 401 without using anyone’s allowance', async () => {
    const shop = await merchantWithUser(t);
    const token = merchantApi(t.app, (await createApiTokenAs(shop.console)).secret);
    await freshMinute();
    for (let i = 0; i < 5; i += 1) {
      expect((await merchantApi(t.app, 'gbk_not-a-real-token').get('/v1/balance')).statusCode).toBe(401);
    }
    expect((await token.get('/v1/balance')).headers['x-ratelimit-remaining']).toBe('2');
  });
});
