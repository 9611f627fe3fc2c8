import { ROLE } from '@gerbang/contract';
import type { AppContext } from '../../app-context';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { createUsersRepository } from './users.repository';

type Deps = Pick<AppContext, 'db' | 'audit' | 'accountLinks'>;

export const DEFAULT_ADMIN_NAME = 'Administrator';

export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`A user with the email ${email} already exists; nothing was created.`);
  }
}

/**
 * Creates an Admin with no password and returns its activation URL (valid 24 hours). Admins are
 * never invited from the console: they come from here (CLI, first run).
 * Throws EmailTakenError when the email is in use.
 */
export async function createAdmin(deps: Deps, email: string, name = DEFAULT_ADMIN_NAME): Promise<string> {
  const repo = createUsersRepository(deps.db);
  const user = await repo.insertWithoutPassword({
    email: email.trim().toLowerCase(),
    name,
    roleId: ROLE.Admin,
    status: 'invited',
  });
  if (!user) throw new EmailTakenError(email);
  await deps.audit.insert({
    actorUserId: null,
    action: AUDIT_ACTIONS.adminCreated,
    targetType: 'user',
    targetId: user.id,
    subject: user.email,
    details: { email: user.email, name: user.name, roleId: user.roleId },
  });
  return deps.accountLinks.issue(user, 'activation');
}

/**
 * First run: when there are no users at all, creates ADMIN_EMAIL as an Admin and returns the
 * activation URL for the caller to print. Until that Admin activates (and no other Admin is
 * active), each start prints a fresh link, since the last one may be lost with an old log; the
 * previous link stops working. Otherwise null. Safe when two instances start at once (the unique
 * email lets only one create it).
 */
export async function ensureFirstAdmin(ctx: Deps & Pick<AppContext, 'config'>): Promise<string | null> {
  const repo = createUsersRepository(ctx.db);
  if (await repo.hasAnyUser()) {
    const pending = await repo.findFirstAdminAwaitingActivation(ctx.config.ADMIN_EMAIL.toLowerCase());
    return pending ? ctx.accountLinks.issue(pending, 'activation') : null;
  }
  try {
    return await createAdmin(ctx, ctx.config.ADMIN_EMAIL);
  } catch (error) {
    if (error instanceof EmailTakenError) return null;
    throw error;
  }
}
