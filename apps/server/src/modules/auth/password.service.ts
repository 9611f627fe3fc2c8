import { isPasswordEqualToEmail, PASSWORD_EQUALS_EMAIL_MESSAGE } from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { LinkPurpose } from './account-links.repository';
import type { AccountLinks } from './account-links.service';
import type { AuthRepository, UserRow } from './auth.repository';
import { hashToken } from './one-time-token';
import { hashPassword, verifyPassword } from './password-hasher';
import type { SessionEnder } from './session-ender';

export const TOKEN_INVALID_MESSAGE = 'This link is invalid or has expired';
export const NEW_PASSWORD_SAME_MESSAGE = 'New password must differ from the current one';

/** Reset mails per email and per IP in RESET_WINDOW_MS; requests past that are answered but not mailed. */
export const RESET_MAILS_PER_EMAIL = 5;
export const RESET_REQUESTS_PER_IP = 20;
const RESET_WINDOW_MS = 15 * 60_000;

const tokenInvalid = () => new AppError('TOKEN_INVALID', TOKEN_INVALID_MESSAGE);
const passwordRejected = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Invalid input: ${field}`, { fields: { [field]: message } });

/** Activation, forgotten and reset passwords, and change-password. */
export function createPasswordService(deps: {
  repo: AuthRepository;
  accountLinks: Pick<AccountLinks, 'consume' | 'sendPasswordReset'>;
  sessions: SessionEnder;
  audit: Pick<AuditRepository, 'insert' | 'countRecent'>;
  logger: FastifyBaseLogger;
}) {
  /** Reset mails still being sent; awaited on close so none is cut off. */
  const pending = new Set<Promise<void>>();

  /**
   * Sets a password from a one-time link. The link is looked up first and only used up once the
   * password is accepted, so a rejected password does not burn it; the guarded consume keeps it
   * one-time when two requests race.
   */
  async function setPasswordFromLink(
    token: string,
    password: string,
    purpose: LinkPurpose,
    allowedStatus: UserRow['status'],
  ): Promise<UserRow> {
    const user = await deps.repo.findLinkUser(hashToken(token), purpose);
    if (!user || user.status !== allowedStatus) throw tokenInvalid();
    if (isPasswordEqualToEmail(password, user.email)) {
      throw passwordRejected('body.password', PASSWORD_EQUALS_EMAIL_MESSAGE);
    }
    const passwordHash = await hashPassword(password);
    const consumedBy = await deps.accountLinks.consume(token, purpose);
    if (consumedBy !== user.id) throw tokenInvalid();
    await deps.repo.setPassword(user.id, passwordHash, { activate: purpose === 'activation' });
    return user;
  }

  return {
    async activate(input: { token: string; password: string; ip: string }): Promise<void> {
      const user = await setPasswordFromLink(input.token, input.password, 'activation', 'invited');
      await deps.audit.insert({
        action: AUDIT_ACTIONS.accountActivated,
        actorUserId: user.id,
        targetType: 'user',
        targetId: user.id,
        subject: user.email,
        ip: input.ip,
      });
    },

    async resetPassword(input: { token: string; password: string; ip: string }): Promise<void> {
      const user = await setPasswordFromLink(input.token, input.password, 'password_reset', 'active');
      await deps.sessions.endUserSessions(user.id, 'password_reset', 'revoked');
      await deps.audit.insert({
        action: AUDIT_ACTIONS.passwordReset,
        actorUserId: user.id,
        targetType: 'user',
        targetId: user.id,
        subject: user.email,
        ip: input.ip,
      });
    },

    /**
     * Same answer and the same database work whether the email exists or not; only the link is
     * made and mailed after the response, so neither timing nor the SMTP round trip tells.
     */
    async forgotPassword(input: { email: string; ip: string }): Promise<void> {
      const { email, ip } = input;
      const action = AUDIT_ACTIONS.passwordResetRequested;
      const [byEmail, byIp, user] = await Promise.all([
        deps.audit.countRecent({ action, windowMs: RESET_WINDOW_MS, subject: email }),
        deps.audit.countRecent({ action, windowMs: RESET_WINDOW_MS, ip }),
        deps.repo.findUserByEmail(email),
      ]);
      const limited = byEmail >= RESET_MAILS_PER_EMAIL || byIp >= RESET_REQUESTS_PER_IP;
      const send = user?.status === 'active' && !limited;
      await deps.audit.insert({
        action,
        actorUserId: null,
        ...(user ? { targetType: 'user', targetId: user.id } : {}),
        subject: email,
        ip,
        details: { mailed: send, ...(limited ? { reason: 'rate_limited' } : {}) },
      });
      if (!send || !user) return;
      const sending = deps.accountLinks
        .sendPasswordReset(user)
        .catch((err: unknown) => deps.logger.error({ err, userId: user.id }, 'password reset mail failed'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },

    async changePassword(input: {
      userId: string;
      sessionId: string;
      currentPassword: string;
      newPassword: string;
      ip: string;
    }): Promise<void> {
      // Read fresh: the session cache may hold a row from before another password change.
      const user = await deps.repo.findUserById(input.userId);
      if (!user?.passwordHash) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('WRONG_PASSWORD', 'The current password is incorrect');
      }
      if (isPasswordEqualToEmail(input.newPassword, user.email)) {
        throw passwordRejected('body.newPassword', PASSWORD_EQUALS_EMAIL_MESSAGE);
      }
      if (input.newPassword === input.currentPassword) {
        throw passwordRejected('body.newPassword', NEW_PASSWORD_SAME_MESSAGE);
      }
      await deps.repo.setPassword(user.id, await hashPassword(input.newPassword));
      await deps.sessions.endUserSessions(user.id, 'password_changed', 'revoked', input.sessionId);
      await deps.audit.insert({
        action: AUDIT_ACTIONS.passwordChanged,
        actorUserId: user.id,
        targetType: 'user',
        targetId: user.id,
        subject: user.email,
        ip: input.ip,
      });
    },

    /** Waits for reset mails still in flight (app close). */
    async drain(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
