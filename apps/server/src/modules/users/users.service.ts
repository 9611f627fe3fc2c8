import {
  type InviteUserBody,
  type ListUsersResponse,
  manageableRoleIds,
  ROLE,
  type RoleId,
  type UpdateUserBody,
  type User,
} from '@gerbang/contract';
import type { AppEventBus } from '../../events/app-events';
import { AppError, notFound } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { AccountLinks } from '../auth/account-links.service';
import type { SessionState } from '../sessions/session-state';
import { toUserResponse } from './user-response';
import type { UserRecord, UsersRepository } from './users.repository';

/** Who is acting, and from where (for the audit trail). */
export type Actor = { userId: string; roleId: RoleId; ip: string };

type ListQuery = {
  q?: string;
  roleId?: RoleId;
  status?: User['status'];
  merchantId?: string;
  limit: number;
  cursor?: string;
};

const roleNotAllowed = (field: string) =>
  new AppError('VALIDATION_FAILED', `Invalid input: ${field}`, {
    fields: { [field]: 'You cannot give users this role' },
  });

const cannot = (message: string) => new AppError('FORBIDDEN', message);

export function createUsersService(deps: {
  repo: UsersRepository;
  /** Whether a merchant exists (Merchant users are invited into one). */
  merchantExists: (id: string) => Promise<boolean>;
  audit: AuditRepository;
  accountLinks: AccountLinks;
  sessionState: SessionState;
  events: AppEventBus;
}) {
  const { repo, audit, events } = deps;

  async function getRecord(id: string): Promise<UserRecord> {
    const user = await repo.findById(id);
    if (!user) throw notFound('User');
    return user;
  }

  /** Others may be managed only when their role is one the actor's role manages (never Admins). */
  async function getManageable(actor: Actor, id: string): Promise<UserRecord> {
    const target = await getRecord(id);
    if (!manageableRoleIds(actor.roleId).includes(target.roleId as RoleId)) {
      throw cannot('You cannot manage users with this role');
    }
    return target;
  }

  function record(actor: Actor, action: string, target: UserRecord, details: Record<string, unknown>) {
    return audit.insert({
      actorUserId: actor.userId,
      action,
      targetType: 'user',
      targetId: target.id,
      subject: target.email,
      ip: actor.ip,
      details,
    });
  }

  function announce(user: UserRecord) {
    // Cached sessions must see the new role or status on their next request.
    deps.sessionState.invalidateUser(user.id);
    events.emit('user.changed', { userId: user.id, roleId: user.roleId as RoleId, status: user.status });
  }

  return {
    async list(query: ListQuery): Promise<ListUsersResponse> {
      const after = decodeKeysetCursor(query.cursor);
      const rows = await repo.list({
        q: query.q || undefined,
        roleId: query.roleId,
        status: query.status,
        merchantId: query.merchantId,
        limit: query.limit,
        after,
      });
      return toPage(rows, query.limit);
    },

    async get(id: string): Promise<User> {
      return toUserResponse(await getRecord(id));
    },

    async invite(actor: Actor, body: InviteUserBody): Promise<User> {
      if (!manageableRoleIds(actor.roleId).includes(body.roleId)) throw roleNotAllowed('body.roleId');
      const emailTaken = () =>
        new AppError('CONFLICT', 'A user with this email already exists', {
          fields: { 'body.email': 'A user with this email already exists' },
        });
      if (body.merchantId !== undefined && !(await deps.merchantExists(body.merchantId))) {
        throw new AppError('VALIDATION_FAILED', 'Invalid input: body.merchantId', {
          fields: { 'body.merchantId': 'No merchant has this id' },
        });
      }
      if (await repo.emailExists(body.email)) throw emailTaken();
      // An operator gives a merchant its owners; owners invite the rest of their team (merchant-team).
      const merchantRole = body.roleId === ROLE.Merchant ? ('owner' as const) : undefined;
      const user = await repo.insertWithoutPassword({ ...body, merchantRole, status: 'invited' });
      if (!user) throw emailTaken();
      await record(actor, AUDIT_ACTIONS.userInvited, user, {
        email: user.email,
        name: user.name,
        roleId: user.roleId,
        ...(user.merchantId ? { merchantId: user.merchantId } : {}),
      });
      await deps.accountLinks.sendActivation(user);
      return toUserResponse(user);
    },

    async update(actor: Actor, id: string, body: UpdateUserBody): Promise<User> {
      const isSelf = id === actor.userId;
      // Your own name is yours to fix; your own role is not.
      const target = isSelf ? await getRecord(id) : await getManageable(actor, id);
      const changes: { name?: string; roleId?: RoleId } = {};
      if (body.name !== undefined && body.name !== target.name) changes.name = body.name;
      if (body.roleId !== undefined && body.roleId !== target.roleId) {
        if (isSelf) throw cannot('You cannot change your own role');
        // A Merchant user belongs to its merchant; console staff never do.
        if (target.roleId === ROLE.Merchant) throw roleNotAllowed('body.roleId');
        if (!manageableRoleIds(actor.roleId).includes(body.roleId)) throw roleNotAllowed('body.roleId');
        changes.roleId = body.roleId;
      }
      if (Object.keys(changes).length === 0) return toUserResponse(target);
      const updated = await repo.update(id, changes);
      if (!updated) throw notFound('User');
      const diff = Object.fromEntries(
        Object.entries(changes).map(([key, to]) => [key, { from: target[key as keyof typeof changes], to }]),
      );
      await record(actor, AUDIT_ACTIONS.userUpdated, updated, { changes: diff });
      if (changes.roleId !== undefined) announce(updated);
      return toUserResponse(updated);
    },

    async disable(actor: Actor, id: string): Promise<User> {
      if (id === actor.userId) throw cannot('You cannot disable your own account');
      const target = await getManageable(actor, id);
      if (target.status === 'disabled') return toUserResponse(target);
      const endedSessionIds = await repo.disable(id);
      const updated = await getRecord(id);
      await record(actor, AUDIT_ACTIONS.userDisabled, updated, {
        status: { from: target.status, to: 'disabled' },
        endedSessions: endedSessionIds.length,
      });
      announce(updated);
      for (const sessionId of endedSessionIds) {
        deps.sessionState.invalidateSession(sessionId);
        events.emit('session.ended', { sessionId, userId: id, reason: 'disabled' });
      }
      return toUserResponse(updated);
    },

    async enable(actor: Actor, id: string): Promise<User> {
      const target = await getManageable(actor, id);
      if (target.status !== 'disabled') return toUserResponse(target);
      // A user disabled before activating goes back to waiting for activation.
      const status = target.hasPassword ? 'active' : 'invited';
      const updated = await repo.update(id, { status });
      if (!updated) throw notFound('User');
      await record(actor, AUDIT_ACTIONS.userEnabled, updated, { status: { from: 'disabled', to: status } });
      announce(updated);
      return toUserResponse(updated);
    },

    async resendActivation(actor: Actor, id: string): Promise<User> {
      const target = await getManageable(actor, id);
      if (target.status !== 'invited') {
        throw new AppError('INVALID_STATE', 'Only users who have not activated their account can get a new link');
      }
      // Issuing a new link retires the previous one.
      await deps.accountLinks.sendActivation(target);
      await record(actor, AUDIT_ACTIONS.userActivationResent, target, { email: target.email });
      return toUserResponse(target);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
