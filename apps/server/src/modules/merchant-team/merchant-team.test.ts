import { randomUUID } from 'node:crypto';
import {
  type Action,
  type Area,
  can,
  createApiToken,
  createSessionRefund,
  createWithdrawalRequest,
  getMerchantStats,
  listApiLogs,
  listApiTokens,
  listPayoutMethods,
  listTeam,
  listWithdrawals,
  MERCHANT_TEAM_ROLES,
  type MerchantTeamRole,
  ROLE,
} from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, ensureMerchant, signedInUser, signIn, type TestApp } from '../../../test/helpers/test-app';

/** Merchant routes with what they need; the answer is refused (403) exactly when the team role may not. */
const ROUTES: { area: Area; action: Action; method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { area: 'merchantDashboard', action: 'view', method: 'GET', url: getMerchantStats.path },
  { area: 'apiTokens', action: 'view', method: 'GET', url: listApiTokens.path },
  { area: 'apiLogs', action: 'view', method: 'GET', url: listApiLogs.path },
  {
    area: 'apiTokens',
    action: 'create',
    method: 'POST',
    url: createApiToken.path,
    payload: { name: 'Team check', scopes: ['payments:read'] },
  },
  { area: 'withdrawals', action: 'view', method: 'GET', url: listWithdrawals.path },
  {
    area: 'withdrawals',
    action: 'create',
    method: 'POST',
    url: createWithdrawalRequest.path,
    payload: { payoutMethodId: randomUUID(), amount: '10000' },
  },
  {
    area: 'refunds',
    action: 'create',
    method: 'POST',
    url: createSessionRefund.path.replace(':id', randomUUID()),
    payload: {},
  },
  { area: 'payoutMethods', action: 'view', method: 'GET', url: listPayoutMethods.path },
  { area: 'team', action: 'view', method: 'GET', url: listTeam.path },
];

describe('merchant teams', () => {
  let t: TestApp;
  let merchantId: string;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    merchantId = randomUUID();
    await ensureMerchant(t.database, merchantId);
    owner = await signedInUser(t, ROLE.Merchant, { merchantId });
  });
  afterAll(() => t.close());

  const ownerApi = () => api(t.app, owner.headers);

  /** A member of the role, invited by the owner and signed in (activated straight in the database). */
  async function member(merchantRole: MerchantTeamRole) {
    return signedInUser(t, ROLE.Merchant, { merchantId, merchantRole });
  }

  describe.each(MERCHANT_TEAM_ROLES)('a %s', (teamRole) => {
    it.each(ROUTES)('$method $url: allowed exactly when the team table says so', async (route) => {
      const { headers } = await member(teamRole);
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        headers,
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(res.statusCode).toBeLessThan(500);
      if (can(ROLE.Merchant, route.area, route.action, teamRole)) expect(res.statusCode).not.toBe(403);
      else {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    });
  });

  it('an owner invites a member with a role (mailed, audited); the member sees only what the role allows', async () => {
    const email = `dev-${randomUUID().slice(0, 8)}@team.test`;
    const res = await ownerApi().post('/team/members', { email, name: 'Dewi Dev', merchantRole: 'developer' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, merchantRole: 'developer', status: 'invited' });
    expect(t.mailer.lastLinkTo(email)).toContain('/auth/activate');
    const team = (await ownerApi().get('/team')).json().items as { email: string }[];
    expect(team.map((m) => m.email)).toContain(email);
    const audit = await t.app.ctx.audit.listForTarget('user', res.json().id);
    expect(audit[0]?.action).toBe('team.member_invited');
  });

  it('refuses an unknown role or a taken email, naming the field', async () => {
    const bad = await ownerApi().post('/team/members', { email: 'x@team.test', name: 'X', merchantRole: 'admin' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).join()).toContain('merchantRole');
    const taken = await ownerApi().post('/team/members', {
      email: owner.user.email,
      name: 'Y',
      merchantRole: 'viewer',
    });
    expect(taken.statusCode).toBe(409);
  });

  it("changes a member's role at once, never its own, and keeps an active owner", async () => {
    const viewer = await member('viewer');
    expect((await api(t.app, viewer.headers).get(listApiTokens.path)).statusCode).toBe(403);
    const changed = await api(t.app, owner.headers).patch(`/team/members/${viewer.user.id}`, {
      merchantRole: 'developer',
    });
    expect(changed.json().merchantRole).toBe('developer');
    expect((await api(t.app, viewer.headers).get(listApiTokens.path)).statusCode).toBe(200);

    const own = await api(t.app, owner.headers).patch(`/team/members/${owner.user.id}`, { merchantRole: 'viewer' });
    expect(own.statusCode).toBe(403);
    // A second owner demotes the first, who can then no longer manage the team.
    const second = await member('owner');
    const demoteFirst = await api(t.app, second.headers).patch(`/team/members/${owner.user.id}`, {
      merchantRole: 'finance',
    });
    expect(demoteFirst.statusCode).toBe(200);
    const demoteLast = await api(t.app, owner.headers).patch(`/team/members/${second.user.id}`, {
      merchantRole: 'finance',
    });
    expect(demoteLast.statusCode).toBe(403);
    await api(t.app, second.headers).patch(`/team/members/${owner.user.id}`, { merchantRole: 'owner' });
    const lastOwnerLeft = await api(t.app, owner.headers).patch(`/team/members/${second.user.id}`, {
      merchantRole: 'viewer',
    });
    expect(lastOwnerLeft.statusCode).toBe(200);
    const noOwner = await api(t.app, second.headers).patch(`/team/members/${owner.user.id}`, {
      merchantRole: 'viewer',
    });
    expect(noOwner.statusCode).toBe(403);
  });

  it('two owners demoting or disabling each other at the same moment: one wins, the merchant keeps an owner', async () => {
    for (let round = 0; round < 8; round += 1) {
      const shopId = randomUUID();
      await ensureMerchant(t.database, shopId);
      const [a, b] = await Promise.all([
        signedInUser(t, ROLE.Merchant, { merchantId: shopId, merchantRole: 'owner' }),
        signedInUser(t, ROLE.Merchant, { merchantId: shopId, merchantRole: 'owner' }),
      ]);
      const act = (actor: typeof a, target: typeof b) =>
        round % 2 === 0
          ? api(t.app, actor.headers).patch(`/team/members/${target.user.id}`, { merchantRole: 'viewer' })
          : api(t.app, actor.headers).post(`/team/members/${target.user.id}/disable`, {});
      const answers = await Promise.all([act(a, b), act(b, a)]);
      // The loser is refused: 403 (no longer an owner), or 401 when its own sessions were ended first.
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([401, 403]).toContain(codes[1]);
      const team = (await api(t.app, (answers[0].statusCode === 200 ? a : b).headers).get(listTeam.path)).json();
      const owners = team.items.filter(
        (m: { merchantRole: string; status: string }) => m.merchantRole === 'owner' && m.status === 'active',
      );
      expect(owners).toHaveLength(1);
    }
  });

  it("another merchant's user is not found, and disabling a member ends its sessions", async () => {
    const stranger = await signedInUser(t, ROLE.Merchant, { merchantId: randomUUID() });
    expect((await ownerApi().post(`/team/members/${stranger.user.id}/disable`, {})).statusCode).toBe(404);
    const finance = await member('finance');
    const disabled = await ownerApi().post(`/team/members/${finance.user.id}/disable`, {});
    expect(disabled.json().status).toBe('disabled');
    expect((await api(t.app, finance.headers).get('/auth/current-user')).statusCode).toBe(401);
    expect((await ownerApi().post(`/team/members/${finance.user.id}/enable`, {})).json().status).toBe('active');
    await signIn(t.app, finance.user.email);
  });

  it('an owner requires a second factor of the team: members without one can only enrol', async () => {
    const viewer = await member('viewer');
    const policy = await api(t.app, owner.headers).put('/team/policy', { secondFactorRequired: true });
    expect(policy.json()).toEqual({ secondFactorRequired: true, approvalAbove: null });
    const refused = await api(t.app, viewer.headers).get(listWithdrawals.path);
    expect(refused.json().error.code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect((await api(t.app, viewer.headers).get('/auth/current-user')).json().secondFactorRequired).toBe(true);
    // The owner is a member too: it enrols like everyone.
    expect((await ownerApi().get('/team')).json().error.code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    // Another merchant's users and operators are not asked.
    const other = await signedInUser(t, ROLE.Merchant, { merchantId: randomUUID() });
    expect((await api(t.app, other.headers).get(listWithdrawals.path)).statusCode).toBe(200);
    const admin = await signedInUser(t, ROLE.Admin);
    expect((await api(t.app, admin.headers).get('/users')).statusCode).toBe(200);
  });
});
