import {
  inviteTeamMember,
  listMyTeamApprovals,
  listTeam,
  listTeamApprovals,
  ROLE,
  type TeamMember,
  teamPolicy,
} from '@gerbang/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setConsoleMode } from '../../../lib/console-mode';
import type { StubRequest, StubResponse } from '../../../test/http-stub';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

const OWNER = makeUser(ROLE.Merchant, { merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' });
const member = (overrides: Partial<TeamMember>): TeamMember => ({
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  email: 'dewi@toko.test',
  name: 'Dewi',
  merchantRole: 'viewer',
  status: 'active',
  lastLoginAt: null,
  secondFactorEnrolled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

let restore = () => {};
afterEach(() => restore());

function open(replies: Record<string, (request: StubRequest) => StubResponse>) {
  const app = renderApp({
    path: '/team',
    consoleKind: 'merchant',
    user: OWNER,
    handler: (request) => replies[`${request.method} ${request.url}`]?.(request) ?? null,
  });
  restore = app.http.restore;
  return app;
}

describe('Team (merchant console)', () => {
  it("lists the team, changes a member's role and invites a new member with a role", async () => {
    const user = userEvent.setup();
    const app = open({
      [`GET ${listTeam.path}`]: () => ({
        status: 200,
        data: { items: [member({ id: OWNER.id, name: OWNER.name, merchantRole: 'owner' }), member({})] },
      }),
      [`GET ${teamPolicy.path}`]: () => ({ status: 200, data: { secondFactorRequired: false, approvalAbove: null } }),
      [`PATCH /team/members/${member({}).id}`]: () => ({ status: 200, data: member({ merchantRole: 'finance' }) }),
      [`POST ${inviteTeamMember.path}`]: (request) => ({
        status: 201,
        data: member({ id: '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f', ...(request.data as object), status: 'invited' }),
      }),
    });
    const table = await screen.findByRole('table', { name: 'Team' });
    const dewisRole = await within(table).findByRole('combobox', { name: 'Role of Dewi' });
    // One's own role is not a choice.
    expect(within(table).queryByRole('combobox', { name: `Role of ${OWNER.name}` })).not.toBeInTheDocument();
    await user.selectOptions(dewisRole, 'finance');
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'PATCH')?.data).toEqual({ merchantRole: 'finance' }),
    );

    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'budi@toko.test');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Budi');
    await user.selectOptions(within(dialog).getByLabelText(/^Role/), 'developer');
    expect(within(dialog).getByText('API tokens and read access to payments and withdrawals.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'POST')?.data).toEqual({
        email: 'budi@toko.test',
        name: 'Budi',
        merchantRole: 'developer',
      }),
    );
  });
});

describe('Team approvals (merchant console)', () => {
  it('shows what a member asked for above the amount, and lets the owner approve it or reject it with a reason', async () => {
    const user = userEvent.setup();
    const decided: StubRequest[] = [];
    const waiting = {
      id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      kind: 'settlement' as const,
      status: 'pending' as const,
      currency: 'IDR' as const,
      amount: '150000',
      payoutMethodId: null,
      paymentSessionId: null,
      note: 'Supplier payment',
      requestedBy: { id: member({}).id, name: 'Dewi', email: 'dewi@toko.test' },
      decidedByUserId: null,
      decidedAt: null,
      reason: null,
      withdrawalId: null,
      createdAt: '2026-11-27T01:00:00.000Z',
    };
    open({
      [`GET ${listTeam.path}`]: () => ({ status: 200, data: { items: [] } }),
      [`GET ${teamPolicy.path}`]: () => ({
        status: 200,
        data: { secondFactorRequired: false, approvalAbove: '100000' },
      }),
      [`GET ${listTeamApprovals.path}`]: () => ({ status: 200, data: { items: [waiting] } }),
      [`POST /team/approvals/${waiting.id}/reject`]: (request) => {
        decided.push(request);
        return { status: 200, data: { ...waiting, status: 'rejected', reason: 'Not this month' } };
      },
    });
    const section = await screen.findByRole('region', { name: 'Approvals' });
    expect(await within(section).findByText(/Asked by Dewi/)).toBeInTheDocument();
    expect(within(section).getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByLabelText('Owner approval above')).toHaveValue('100000');
    await user.click(within(section).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Not this month');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(decided).toHaveLength(1));
    expect(decided[0]?.data).toEqual({ reason: 'Not this month' });
  });

  it('says the approvals are live while the console is in test mode', async () => {
    try {
      open({
        [`GET ${listTeam.path}`]: () => ({ status: 200, data: { items: [] } }),
        [`GET ${teamPolicy.path}`]: () => ({ status: 200, data: { secondFactorRequired: false, approvalAbove: null } }),
        [`GET ${listTeamApprovals.path}`]: () => ({ status: 200, data: { items: [] } }),
      });
      // Switched once signed in (signing in starts live).
      setConsoleMode('test');
      const section = await screen.findByRole('region', { name: 'Approvals' });
      expect(
        await within(section).findByText(/These approvals are live: approving one sends real money/),
      ).toBeInTheDocument();
    } finally {
      setConsoleMode('live');
    }
  });
});

describe('A finance member on Withdrawal Request (merchant console)', () => {
  it("shows the member's own requests and the owner's answer, with nothing to decide", async () => {
    const finance = makeUser(ROLE.Merchant, { merchantId: OWNER.merchantId, merchantRole: 'finance' });
    const answered = {
      id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
      kind: 'settlement' as const,
      status: 'rejected' as const,
      currency: 'IDR' as const,
      amount: '150000',
      payoutMethodId: null,
      paymentSessionId: null,
      note: 'Supplier payment',
      requestedBy: { id: finance.id, name: finance.name, email: finance.email },
      decidedByUserId: OWNER.id,
      decidedAt: '2026-11-27T02:00:00.000Z',
      reason: 'Not this month',
      withdrawalId: null,
      createdAt: '2026-11-27T01:00:00.000Z',
    };
    const app = renderApp({
      path: '/withdrawal-requests',
      consoleKind: 'merchant',
      user: finance,
      handler: (request) =>
        request.url === listMyTeamApprovals.path ? { status: 200, data: { items: [answered] } } : null,
    });
    restore = app.http.restore;
    const section = await screen.findByRole('region', { name: "Your requests for an owner's approval" });
    expect(within(section).getByText('Rejected')).toBeInTheDocument();
    expect(within(section).getByText(/Rejected: Not this month/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
  });
});
