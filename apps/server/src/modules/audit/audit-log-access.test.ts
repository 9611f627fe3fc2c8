import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditLogEntry, can, ROLE, ROLE_IDS, ROLE_KEYS } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantWithUser } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, insertUser, signedInUser, signIn, type TestApp } from '../../../test/helpers/test-app';

type Shop = Awaited<ReturnType<typeof merchantWithUser>>;

const idsOf = (entries: AuditLogEntry[]) => entries.map((entry) => entry.id);

describe('who may read the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const withoutAudit = ROLE_IDS.filter((roleId) => !can(roleId, 'audit', 'view'));

  it.each(withoutAudit.map((roleId) => [ROLE_KEYS[roleId], roleId] as const))(
    'refuses %s, who has no audit:view, the list, the export and an entry',
    async (_name, roleId) => {
      const { headers } = await signedInUser(t, roleId);
      for (const url of ['/audit-log', '/audit-log/export', '/audit-log/1']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    },
  );

  it('refuses anyone not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/audit-log' });
    expect(res.statusCode).toBe(401);
  });
});

describe("a merchant's audit", () => {
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let shopColleague: { id: string };
  let adminConsole: ReturnType<typeof api>;

  const list = async (caller: ReturnType<typeof api>, query = '') => {
    const res = await caller.get(`/audit-log?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as AuditLogEntry[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    adminConsole = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    shop = await merchantWithUser(t, randomUUID());
    other = await merchantWithUser(t, randomUUID());
    // A second user of the shop signs in: what the shop's users did is the shop's audit.
    const colleague = await insertUser(t.database, { roleId: ROLE.Merchant, merchantId: shop.merchantId });
    await signIn(t.app, colleague.email);
    shopColleague = colleague;
    await createApiTokenAs(shop.console, ['payments:read'], { name: 'Shop token' });
    await createApiTokenAs(other.console, ['payments:read'], { name: 'Other token' });
    // An operator acts on the shop: the operators' log, not the shop's.
    await adminConsole.patch(`/merchants/${shop.merchantId}`, { name: 'Renamed Shop' });
  });
  afterAll(() => t.close());

  it("shows a merchant user what its own merchant's users did", async () => {
    const entries = await list(shop.console);
    const actors = new Set(entries.map((entry) => entry.actorUserId));
    expect(actors).toEqual(new Set([shop.user.id, shopColleague.id]));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([AUDIT_ACTIONS.apiTokenCreated, AUDIT_ACTIONS.signinSucceeded]),
    );
    expect(entries.find((entry) => entry.action === AUDIT_ACTIONS.apiTokenCreated)?.details).toMatchObject({
      merchantId: shop.merchantId,
    });
  });

  it("never shows another merchant's entries, nor the operators', whatever the filters ask", async () => {
    const theirs = await list(other.console);
    const operators = await list(adminConsole, `&action=${AUDIT_ACTIONS.merchantUpdated}`);
    expect(operators).toHaveLength(1);
    const forbidden = new Set([...idsOf(theirs), ...idsOf(operators)]);
    for (const query of [
      '',
      `&actorUserId=${other.user.id}`,
      `&action=${AUDIT_ACTIONS.apiTokenCreated}`,
      `&action=${AUDIT_ACTIONS.merchantUpdated}`,
      `&targetType=merchant&targetId=${shop.merchantId}`,
    ]) {
      const seen = await list(shop.console, query);
      expect(
        seen.filter((entry) => forbidden.has(entry.id)),
        query,
      ).toEqual([]);
      expect(seen.every((entry) => entry.actorUserId === shop.user.id || entry.actorUserId === shopColleague.id)).toBe(
        true,
      );
    }
    expect(await list(shop.console, `&actorUserId=${other.user.id}`)).toEqual([]);
  });

  it("answers 404 for another merchant's entry, and exports none of it", async () => {
    const [theirToken] = await list(other.console, `&action=${AUDIT_ACTIONS.apiTokenCreated}`);
    const res = await shop.console.get(`/audit-log/${theirToken?.id}`);
    expect(res.statusCode).toBe(404);
    const [ownToken] = await list(shop.console, `&action=${AUDIT_ACTIONS.apiTokenCreated}`);
    expect((await shop.console.get(`/audit-log/${ownToken?.id}`)).statusCode).toBe(200);

    const csv = await shop.console.get('/audit-log/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(shop.user.id);
    expect(csv.body).not.toContain(other.user.id);
    expect(csv.body).not.toContain('Renamed Shop');
  });

  it('lets operators read every merchant user’s entries too', async () => {
    const entries = await list(adminConsole, `&action=${AUDIT_ACTIONS.apiTokenCreated}`);
    expect(new Set(entries.map((entry) => entry.actorUserId))).toEqual(new Set([shop.user.id, other.user.id]));
  });
});
