import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';

describe('GET /countries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the seeded ISO 3166 countries with dial codes and currencies, ordered by name', async () => {
    const { headers } = await signedInUser(t, ROLE.Merchant);
    const res = await t.app.inject({ method: 'GET', url: '/countries', headers });
    expect(res.statusCode).toBe(200);
    const countries = res.json() as Array<{ code: string; name: string; dialCode: string; currency: string }>;
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries).toContainEqual({ code: 'ID', name: 'Indonesia', dialCode: '62', currency: 'IDR' });
    expect(countries).toContainEqual({ code: 'PH', name: 'Philippines', dialCode: '63', currency: 'PHP' });
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const country of countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^\d{1,4}$/);
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/countries' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});
