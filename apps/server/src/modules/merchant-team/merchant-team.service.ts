import {
  formatAmount,
  type InviteTeamMemberBody,
  type MerchantTeamRole,
  parseAmount,
  ROLE,
  type TeamMember,
  type TeamPolicy,
  type UpdateTeamPolicyBody,
} from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { merchants } from '../../db/schema';
import type { AppEventBus } from '../../events/app-events';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { AccountLinks } from '../auth/account-links.service';
import type { MerchantsRepository } from '../merchants/merchants.repository';
import type { SecondFactorGate } from '../second-factor/second-factor-gate';
import type { SessionState } from '../sessions/session-state';
import { createUsersRepository, type UserRecord, type UsersRepository } from '../users/users.repository';

/** The team's owner acting for its merchant, from where. */
export type TeamActor = { userId: string; merchantId: string; ip: string };

export function toTeamMember(user: UserRecord): TeamMember {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    merchantRole: user.merchantRole ?? null,
    status: user.status,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    secondFactorEnrolled: user.secondFactorEnrolledAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

const emailTaken = () =>
  new AppError('CONFLICT', 'A user with this email already exists', {
    fields: { 'body.email': 'A user with this email already exists' },
  });

/** A merchant owner's team: invite members with a role, change roles, disable and enable them. */
export function createMerchantTeamService(deps: {
  db: Database;
  users: UsersRepository;
  merchants: Pick<MerchantsRepository, 'findById' | 'update'>;
  audit: Pick<AuditRepository, 'insert'>;
  accountLinks: AccountLinks;
  sessionState: SessionState;
  secondFactor: Pick<SecondFactorGate, 'forgetPolicy'>;
  events: AppEventBus;
}) {
  const { users } = deps;

  /** A member of the actor's own merchant; another merchant's user is "not found". */
  async function memberOf(actor: TeamActor, id: string): Promise<UserRecord> {
    const user = await users.findById(id);
    if (!user || user.merchantId !== actor.merchantId || user.roleId !== ROLE.Merchant) throw notFound('Team member');
    return user;
  }

  function record(actor: TeamActor, action: string, target: UserRecord, details: Record<string, unknown>) {
    return deps.audit.insert({
      actorUserId: actor.userId,
      action,
      targetType: 'user',
      targetId: target.id,
      subject: target.email,
      ip: actor.ip,
      details: { merchantId: actor.merchantId, ...details },
    });
  }

  /**
   * A change that could take the last owner away (a role, a disabling), one at a time per merchant:
   * the merchant's row is locked and the actor must still be an active owner once it holds the
   * lock. Two owners demoting or disabling each other at the same moment: the first wins, the
   * second is refused, and the merchant keeps an owner.
   */
  function asOwner<T>(actor: TeamActor, work: (users: UsersRepository) => Promise<T>): Promise<T> {
    return deps.db.transaction(async (tx) => {
      await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, actor.merchantId)).for('update');
      const txUsers = createUsersRepository(tx);
      const me = await txUsers.findById(actor.userId);
      if (me?.merchantRole !== 'owner' || me.status !== 'active' || me.merchantId !== actor.merchantId) {
        throw new AppError('FORBIDDEN', 'Only an active owner of this merchant can change its team');
      }
      return work(txUsers);
    });
  }

  function announce(user: UserRecord) {
    deps.sessionState.invalidateUser(user.id);
    deps.events.emit('user.changed', { userId: user.id, roleId: ROLE.Merchant, status: user.status });
  }

  return {
    async list(actor: TeamActor): Promise<{ items: TeamMember[] }> {
      return { items: (await users.listByMerchant(actor.merchantId)).map(toTeamMember) };
    },

    async invite(actor: TeamActor, body: InviteTeamMemberBody): Promise<TeamMember> {
      if (await users.emailExists(body.email)) throw emailTaken();
      const user = await users.insertWithoutPassword({
        email: body.email,
        name: body.name,
        roleId: ROLE.Merchant,
        merchantId: actor.merchantId,
        merchantRole: body.merchantRole,
        status: 'invited',
      });
      if (!user) throw emailTaken();
      await record(actor, AUDIT_ACTIONS.teamMemberInvited, user, { merchantRole: body.merchantRole, name: body.name });
      await deps.accountLinks.sendActivation(user);
      return toTeamMember(user);
    },

    async changeRole(actor: TeamActor, id: string, merchantRole: MerchantTeamRole): Promise<TeamMember> {
      if (id === actor.userId) throw new AppError('FORBIDDEN', 'You cannot change your own role');
      const member = await memberOf(actor, id);
      if (member.merchantRole === merchantRole) return toTeamMember(member);
      const updated = await asOwner(actor, async (txUsers) => {
        const changed = await txUsers.update(id, { merchantRole });
        if (!changed) throw notFound('Team member');
        return changed;
      });
      await record(actor, AUDIT_ACTIONS.teamMemberRoleChanged, updated, {
        merchantRole: { from: member.merchantRole, to: merchantRole },
      });
      announce(updated);
      return toTeamMember(updated);
    },

    async disable(actor: TeamActor, id: string): Promise<TeamMember> {
      if (id === actor.userId) throw new AppError('FORBIDDEN', 'You cannot disable your own account');
      const member = await memberOf(actor, id);
      if (member.status === 'disabled') return toTeamMember(member);
      const endedSessionIds = await asOwner(actor, (txUsers) => txUsers.disable(id));
      const updated = await memberOf(actor, id);
      await record(actor, AUDIT_ACTIONS.teamMemberDisabled, updated, { endedSessions: endedSessionIds.length });
      announce(updated);
      for (const sessionId of endedSessionIds) {
        deps.sessionState.invalidateSession(sessionId);
        deps.events.emit('session.ended', { sessionId, userId: id, reason: 'disabled' });
      }
      return toTeamMember(updated);
    },

    async enable(actor: TeamActor, id: string): Promise<TeamMember> {
      const member = await memberOf(actor, id);
      if (member.status !== 'disabled') return toTeamMember(member);
      const updated = await users.update(id, { status: member.hasPassword ? 'active' : 'invited' });
      if (!updated) throw notFound('Team member');
      await record(actor, AUDIT_ACTIONS.teamMemberEnabled, updated, {});
      announce(updated);
      return toTeamMember(updated);
    },

    async policy(actor: TeamActor): Promise<TeamPolicy> {
      const merchant = await deps.merchants.findById(actor.merchantId);
      if (!merchant) throw notFound('Merchant');
      const above = merchant.teamApprovalAboveMinor;
      return {
        secondFactorRequired: merchant.teamSecondFactorRequired,
        approvalAbove: above === null ? null : formatAmount(above, merchant.currency),
      };
    },

    async setPolicy(actor: TeamActor, body: UpdateTeamPolicyBody): Promise<TeamPolicy> {
      const merchant = await deps.merchants.findById(actor.merchantId);
      if (!merchant) throw notFound('Merchant');
      const before = await this.policy(actor);
      let approvalAboveMinor = merchant.teamApprovalAboveMinor;
      if (body.approvalAbove !== undefined) {
        const amount = body.approvalAbove === null ? null : parseAmount(body.approvalAbove, merchant.currency);
        if (amount && !amount.ok) throw invalidFields({ 'body.approvalAbove': amount.message });
        approvalAboveMinor = amount?.ok ? amount.minor : null;
      }
      await deps.merchants.update(actor.merchantId, {
        teamSecondFactorRequired: body.secondFactorRequired,
        teamApprovalAboveMinor: approvalAboveMinor,
      });
      deps.secondFactor.forgetPolicy();
      deps.sessionState.clear();
      const policy = await this.policy(actor);
      if (before.secondFactorRequired !== policy.secondFactorRequired || before.approvalAbove !== policy.approvalAbove)
        await deps.audit.insert({
          actorUserId: actor.userId,
          action: AUDIT_ACTIONS.teamPolicyChanged,
          targetType: 'merchant',
          targetId: actor.merchantId,
          ip: actor.ip,
          details: { before, after: policy },
        });
      return policy;
    },
  };
}
export type MerchantTeamService = ReturnType<typeof createMerchantTeamService>;
