import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { users } from '../../db/schema';
import { api } from './users.test-support';

type Item = { id: string; email: string; name: string; createdAt: string; isLoggedIn: boolean; status: string };

describe('GET /users', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signedInUser(t, ROLE.Admin, { email: 'boss@list.test', name: 'Boss' });
    admin = api(t.app, signedIn.headers);
    adminId = signedIn.user.id;
  });
  afterAll(() => t.close());

  async function pageThrough(query: string, limit: number): Promise<Item[]> {
    const seen: Item[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const res = await admin.get(`/users?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: Item[]; nextCursor: string | null };
      expect(body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...body.items);
      cursor = body.nextCursor;
      if (!cursor) return seen;
    }
    throw new Error('pagination did not end');
  }

  it('pages newest first, ties broken by id, with no row repeated or skipped', async () => {
    // Same created_at for all, and rows a few microseconds apart (finer than a JS Date).
    const same = new Date('2020-01-01T00:00:00.000Z');
    await t.database.db.insert(users).values(
      Array.from({ length: 7 }, (_, i) => ({
        email: `tie${i}@page.test`,
        name: `Tie ${i}`,
        roleId: ROLE.Staff,
        status: 'invited' as const,
        createdAt: same,
      })),
    );
    for (const micro of ['000001', '000002', '000003']) {
      await t.database.db.execute(
        `insert into users (email, name, role_id, status, created_at) values ('micro${micro}@page.test', 'Micro', 3, 'invited', '2021-01-01T00:00:00.${micro}Z')`,
      );
    }
    const all = await pageThrough('&q=page.test', 2);
    expect(all).toHaveLength(10);
    expect(new Set(all.map((u) => u.id)).size).toBe(10);
    expect(all.slice(0, 3).map((u) => u.email)).toEqual([
      'micro000003@page.test',
      'micro000002@page.test',
      'micro000001@page.test',
    ]);
    const ties = all.slice(3).map((u) => u.id);
    expect(ties).toEqual([...ties].sort().reverse());
  });

  it('uses 50 as the default page size and gives no cursor on the last page', async () => {
    const res = await admin.get('/users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.length).toBeLessThanOrEqual(50);
    expect(body.nextCursor).toBeNull();
  });

  it('searches email and name case-insensitively, with % and _ taken literally', async () => {
    await insertUser(t.database, { email: 'siti.rahma@search.test', name: 'Siti Rahma', roleId: ROLE.Staff });
    await insertUser(t.database, { email: 'juan@search.test', name: 'Juan DELA Cruz', roleId: ROLE.PhoneFarm });
    await insertUser(t.database, { email: 'percent@search.test', name: '100% Agent', roleId: ROLE.Staff });
    const emails = async (q: string) =>
      ((await admin.get(`/users?q=${encodeURIComponent(q)}`)).json().items as Item[]).map((u) => u.email).sort();
    expect(await emails('SITI')).toEqual(['siti.rahma@search.test']);
    expect(await emails('dela cruz')).toEqual(['juan@search.test']);
    expect(await emails('@SEARCH.test')).toHaveLength(3);
    expect(await emails('0%')).toEqual(['percent@search.test']);
    expect(await emails('s_ti')).toEqual([]);
  });

  it('filters by role and by status', async () => {
    await insertUser(t.database, { email: 'off@filter.test', roleId: ROLE.SubAdmin, status: 'disabled' });
    const byRole = (await admin.get(`/users?roleId=${ROLE.SubAdmin}&limit=100`)).json().items as Item[];
    expect(byRole.map((u) => u.email)).toContain('off@filter.test');
    expect(byRole.every((u) => (u as unknown as { roleId: number }).roleId === ROLE.SubAdmin)).toBe(true);
    const disabled = (await admin.get('/users?status=disabled&limit=100')).json().items as Item[];
    expect(disabled.map((u) => u.email)).toEqual(['off@filter.test']);
    const both = await admin.get(`/users?status=disabled&roleId=${ROLE.Staff}`);
    expect(both.json().items).toEqual([]);
  });

  it('says who is logged in, and never returns a password hash', async () => {
    const items = (await admin.get('/users?limit=100')).json().items as Item[];
    const me = items.find((u) => u.id === adminId);
    expect(me?.isLoggedIn).toBe(true);
    expect(items.find((u) => u.email === 'siti.rahma@search.test')?.isLoggedIn).toBe(false);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'createdAt',
          'email',
          'id',
          'isLoggedIn',
          'lastLoginAt',
          'merchantId',
          'merchantName',
          'merchantRole',
          'name',
          'secondFactorEnrolled',
          'roleId',
          'status',
          'updatedAt',
        ].sort(),
      );
    }
  });

  it('is not logged in once the only session is logged out', async () => {
    const other = await signedInUser(t, ROLE.Staff, { email: 'leaver@list.test' });
    const find = async () => ((await admin.get('/users?q=leaver@list.test')).json().items as Item[])[0]?.isLoggedIn;
    expect(await find()).toBe(true);
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: other.headers });
    expect(logout.statusCode).toBe(204);
    expect(await find()).toBe(false);
  });

  it.each([
    ['limit=0', 'querystring.limit'],
    ['limit=101', 'querystring.limit'],
    ['roleId=9', 'querystring.roleId'],
    ['status=gone', 'querystring.status'],
    ['cursor=not-a-cursor', 'querystring.cursor'],
    [`cursor=${Buffer.from('["2020-01-01T00:00:00.000000Z","x"]').toString('base64url')}`, 'querystring.cursor'],
    ['sort=email', 'sort'],
  ])('refuses %s with 422 naming %s', async (query, field) => {
    const res = await admin.get(`/users?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.json().error.fields)).toContain(field);
  });
});
