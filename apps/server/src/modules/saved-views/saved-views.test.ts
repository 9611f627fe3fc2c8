import { ROLE, SAVED_VIEWS_PER_PAGE_MAX } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';

/** A user's saved views of a list page: named filters, one default per page, never another user's. */
describe('saved views', () => {
  let t: TestApp;
  let ana: ReturnType<typeof api>;
  let budi: ReturnType<typeof api>;
  const views = async (who: ReturnType<typeof api>, page = '/transaction') =>
    (await who.get(`/saved-views?page=${encodeURIComponent(page)}`)).json().items as {
      id: string;
      name: string;
      query: string;
      isDefault: boolean;
    }[];

  beforeAll(async () => {
    t = await createTestApp();
    ana = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    budi = api(t.app, (await signedInUser(t, ROLE.Staff)).headers);
  });
  afterAll(() => t.close());

  it('saves named filters of a page, one of them its default, for their user only', async () => {
    const late = await ana.post('/saved-views', {
      page: '/transaction',
      name: 'Paid late',
      query: '?outcome=paid_late',
    });
    expect(late.statusCode, late.body).toBe(201);
    const open = await ana.post('/saved-views', {
      page: '/transaction',
      name: 'Open claims',
      query: '?claimStatus=open',
      isDefault: true,
    });
    expect(open.json()).toMatchObject({ isDefault: true });
    expect((await views(ana)).map((v) => [v.name, v.query, v.isDefault])).toEqual([
      ['Open claims', '?claimStatus=open', true],
      ['Paid late', '?outcome=paid_late', false],
    ]);
    // Another default replaces the first; one page's views are not another's.
    const swapped = await ana.patch(`/saved-views/${late.json().id}`, { isDefault: true });
    expect(swapped.statusCode).toBe(200);
    expect((await views(ana)).filter((v) => v.isDefault).map((v) => v.name)).toEqual(['Paid late']);
    expect(await views(ana, '/withdrawal-requests')).toEqual([]);
    // Budi sees none of Ana's, and cannot change or delete them.
    expect(await views(budi)).toEqual([]);
    expect((await budi.patch(`/saved-views/${late.json().id}`, { isDefault: false })).statusCode).toBe(404);
    expect((await budi.delete(`/saved-views/${late.json().id}`)).statusCode).toBe(404);
    expect((await ana.delete(`/saved-views/${late.json().id}`)).statusCode).toBe(204);
    expect((await views(ana)).map((v) => v.name)).toEqual(['Open claims']);
  });

  it('refuses a name used twice on a page, a query that is not one, and more views than a page keeps', async () => {
    const twice = await budi.post('/saved-views', { page: '/dana', name: 'Failing', query: '?health=failing' });
    expect(twice.statusCode).toBe(201);
    const again = await budi.post('/saved-views', { page: '/dana', name: 'Failing', query: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toHaveProperty(['body.name']);
    const bad = await budi.post('/saved-views', { page: 'dana', name: 'x', query: 'health=failing' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['body.page', 'body.query']);
    for (let i = 1; i < SAVED_VIEWS_PER_PAGE_MAX; i += 1) {
      expect((await budi.post('/saved-views', { page: '/dana', name: `View ${i}`, query: '' })).statusCode).toBe(201);
    }
    expect((await budi.post('/saved-views', { page: '/dana', name: 'One more', query: '' })).statusCode).toBe(409);
  });

  it('keeps one default per page when two are set at once', async () => {
    const [a, b] = await Promise.all(
      ['A', 'B'].map(
        async (name) => (await ana.post('/saved-views', { page: '/proxy', name, query: '' })).json().id as string,
      ),
    );
    await Promise.all([a, b].map((id) => ana.patch(`/saved-views/${id}`, { isDefault: true })));
    expect((await views(ana, '/proxy')).filter((v) => v.isDefault)).toHaveLength(1);
  });

  it('keeps no more views than a page keeps when many are saved at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: SAVED_VIEWS_PER_PAGE_MAX + 5 }, (_, i) =>
        ana.post('/saved-views', { page: '/merchant', name: `At once ${i}`, query: '' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(SAVED_VIEWS_PER_PAGE_MAX);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    expect(await views(ana, '/merchant')).toHaveLength(SAVED_VIEWS_PER_PAGE_MAX);
  });
});
