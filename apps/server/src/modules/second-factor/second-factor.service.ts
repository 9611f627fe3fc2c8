import {
  type RecoveryCodes,
  ROLE,
  type RoleId,
  type SecondFactorChallenge,
  type SecondFactorPolicy,
  SIGNIN_CHALLENGE_MAX_FAILURES,
  SIGNIN_CHALLENGE_TTL_SECONDS,
  type TotpEnrolment,
} from '@gerbang/contract';
import type { Config } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import { AppError, forbidden, notFound } from '../../http/app-error';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { UserRow } from '../auth/auth.repository';
import { createLoginRateLimit } from '../auth/login-rate-limit';
import { hashToken, newOpaqueToken } from '../auth/one-time-token';
import type { SessionState } from '../sessions/session-state';
import { isTotpCode, newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import type { SecondFactorRepository } from './second-factor.repository';
import type { SecondFactorGate } from './second-factor-gate';
import { newTotpSecret, totpEnrolmentOf, totpStepOf } from './totp';

export const TOTP_SECRET_CONTEXT = 'user.totp_secret';

type Actor = { userId: string; sessionId: string; user: UserRow; ip: string };

const invalidCode = () => new AppError('INVALID_SECOND_FACTOR', 'That code is wrong or was already used');
const challengeInvalid = () =>
  new AppError('SIGNIN_CHALLENGE_INVALID', 'This sign-in has expired or had too many wrong codes: sign in again');

/** Enrolment, codes checked once, sign-in challenges, step-up, resets and the per-role policy. */
export function createSecondFactorService(deps: {
  repo: SecondFactorRepository;
  gate: Pick<SecondFactorGate, 'isRequired' | 'forgetPolicy'>;
  secretBox: SecretBox;
  audit: Pick<AuditRepository, 'insert' | 'countRecent' | 'secondsUntilWindowFrees'>;
  sessionState: Pick<SessionState, 'invalidateUser'>;
  config: Pick<
    Config,
    | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
    | 'LOGIN_MAX_FAILURES_PER_IP'
    | 'LOGIN_FAILURE_WINDOW_MINUTES'
    | 'STEP_UP_VALID_SECONDS'
  >;
  findUser: (id: string) => Promise<UserRow | null>;
}) {
  const rateLimit = createLoginRateLimit({
    audit: deps.audit,
    config: deps.config,
    action: AUDIT_ACTIONS.secondFactorFailed,
  });

  /** The TOTP step or recovery code the user typed, taken once; throws when it is wrong or used. */
  async function checkCode(user: UserRow, code: string, ip: string): Promise<'totp' | 'recovery_code'> {
    const retryAfter = await rateLimit.retryAfterSeconds(user.id, ip);
    if (retryAfter !== null) {
      await deps.audit.insert({
        action: AUDIT_ACTIONS.secondFactorRateLimited,
        actorUserId: user.id,
        subject: user.id,
        ip,
      });
      throw new AppError('RATE_LIMITED', 'Too many wrong codes; try again later', {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    const method = isTotpCode(code) ? 'totp' : 'recovery_code';
    if (
      method === 'totp'
        ? await takeTotp(user.id, code)
        : await deps.repo.useRecoveryCode(user.id, recoveryCodeHash(code))
    ) {
      if (method === 'recovery_code')
        await deps.audit.insert({
          action: AUDIT_ACTIONS.recoveryCodeUsed,
          actorUserId: user.id,
          targetType: 'user',
          targetId: user.id,
          ip,
        });
      return method;
    }
    await deps.audit.insert({
      action: AUDIT_ACTIONS.secondFactorFailed,
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      subject: user.id,
      ip,
      details: { method },
    });
    throw invalidCode();
  }

  async function takeTotp(userId: string, code: string): Promise<boolean> {
    const totp = await deps.repo.findTotp(userId);
    if (!totp?.confirmedAt) return false;
    const step = totpStepOf(deps.secretBox.decrypt(totp.secretSealed, TOTP_SECRET_CONTEXT), code.trim());
    return step !== null && (await deps.repo.takeTotpStep(userId, step));
  }

  async function newCodes(): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map(recoveryCodeHash) };
  }

  return {
    /** Sign-in's first step passed for an enrolled user: a challenge for the second. */
    async openChallenge(user: UserRow): Promise<SecondFactorChallenge> {
      const token = newOpaqueToken();
      await deps.repo.createChallenge(user.id, hashToken(token), SIGNIN_CHALLENGE_TTL_SECONDS);
      return { secondFactorRequired: true, challengeToken: token, expiresInSeconds: SIGNIN_CHALLENGE_TTL_SECONDS };
    },

    /** Sign-in's second step: the challenge's user when the code is right (the challenge is used up). */
    async passChallenge(challengeToken: string, code: string, ip: string): Promise<{ user: UserRow; method: string }> {
      const challenge = await deps.repo.findLiveChallenge(hashToken(challengeToken), SIGNIN_CHALLENGE_MAX_FAILURES);
      if (!challenge) throw challengeInvalid();
      let method: string;
      try {
        method = await checkCode(challenge.user, code, ip);
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_SECOND_FACTOR')
          await deps.repo.countChallengeFailure(challenge.challengeId);
        throw error;
      }
      if (!(await deps.repo.useChallenge(challenge.challengeId))) throw challengeInvalid();
      return { user: challenge.user, method };
    },

    async startTotpEnrolment(actor: Actor): Promise<TotpEnrolment> {
      if (actor.user.secondFactorEnrolledAt) throw alreadyEnrolled();
      const secret = newTotpSecret();
      if (!(await deps.repo.savePendingTotp(actor.userId, deps.secretBox.encrypt(secret, TOTP_SECRET_CONTEXT))))
        throw alreadyEnrolled();
      return totpEnrolmentOf(secret, actor.user.email);
    },

    async confirmTotpEnrolment(actor: Actor, code: string): Promise<RecoveryCodes> {
      const pending = await deps.repo.findTotp(actor.userId);
      if (!pending || pending.confirmedAt) throw new AppError('INVALID_STATE', 'Start the authenticator set-up first');
      const step = isTotpCode(code)
        ? totpStepOf(deps.secretBox.decrypt(pending.secretSealed, TOTP_SECRET_CONTEXT), code.trim())
        : null;
      if (step === null) throw invalidCode();
      const { codes, hashes } = await newCodes();
      if (!(await deps.repo.confirmTotp(actor.userId, step, hashes))) throw alreadyEnrolled();
      await deps.repo.markSessionVerified(actor.sessionId, deps.config.STEP_UP_VALID_SECONDS);
      deps.sessionState.invalidateUser(actor.userId);
      await deps.audit.insert({
        action: AUDIT_ACTIONS.secondFactorEnrolled,
        actorUserId: actor.userId,
        targetType: 'user',
        targetId: actor.userId,
        ip: actor.ip,
        details: { method: 'totp' },
      });
      return { recoveryCodes: codes };
    },

    /** Proves the factor again: money actions accept the session for the next 5 minutes. */
    async stepUp(actor: Actor, code: string): Promise<{ validUntil: string }> {
      if (!actor.user.secondFactorEnrolledAt)
        throw new AppError('INVALID_STATE', 'You have no second factor to confirm with');
      const method = await checkCode(actor.user, code, actor.ip);
      const validUntil = await deps.repo.markSessionVerified(actor.sessionId, deps.config.STEP_UP_VALID_SECONDS);
      await deps.audit.insert({
        action: AUDIT_ACTIONS.stepUpSucceeded,
        actorUserId: actor.userId,
        targetType: 'session',
        targetId: actor.sessionId,
        ip: actor.ip,
        details: { method },
      });
      return { validUntil: validUntil.toISOString() };
    },

    async markVerified(sessionId: string): Promise<void> {
      await deps.repo.markSessionVerified(sessionId, deps.config.STEP_UP_VALID_SECONDS);
    },

    async regenerateRecoveryCodes(actor: Actor): Promise<RecoveryCodes> {
      if (!actor.user.secondFactorEnrolledAt) throw new AppError('INVALID_STATE', 'Set up an authenticator first');
      const { codes, hashes } = await newCodes();
      await deps.repo.replaceRecoveryCodes(actor.userId, hashes);
      await deps.audit.insert({
        action: AUDIT_ACTIONS.recoveryCodesRegenerated,
        actorUserId: actor.userId,
        targetType: 'user',
        targetId: actor.userId,
        ip: actor.ip,
      });
      return { recoveryCodes: codes };
    },

    async removeOwn(actor: Actor): Promise<void> {
      if (await deps.gate.isRequired(actor.user.roleId as RoleId))
        throw new AppError('INVALID_STATE', 'Your role requires a second factor: it cannot be removed');
      await deps.repo.removeSecondFactor(actor.userId);
      deps.sessionState.invalidateUser(actor.userId);
      await deps.audit.insert({
        action: AUDIT_ACTIONS.secondFactorRemoved,
        actorUserId: actor.userId,
        targetType: 'user',
        targetId: actor.userId,
        ip: actor.ip,
      });
    },

    /** An Admin clears another user's factor (a lost phone); never their own (that needs the factor). */
    async resetForUser(actor: { userId: string; roleId: RoleId; ip: string }, targetUserId: string): Promise<void> {
      if (actor.roleId !== ROLE.Admin) throw forbidden();
      if (actor.userId === targetUserId)
        throw new AppError('INVALID_STATE', 'You cannot reset your own second factor; another Admin can');
      const target = await deps.findUser(targetUserId);
      if (!target) throw notFound('User');
      if (!target.secondFactorEnrolledAt) throw new AppError('INVALID_STATE', 'This user has no second factor');
      await deps.repo.removeSecondFactor(targetUserId);
      deps.sessionState.invalidateUser(targetUserId);
      await deps.audit.insert({
        action: AUDIT_ACTIONS.secondFactorReset,
        actorUserId: actor.userId,
        targetType: 'user',
        targetId: targetUserId,
        ip: actor.ip,
      });
    },

    async policy(): Promise<SecondFactorPolicy> {
      const rows = await deps.repo.listPolicy();
      const required = new Set(rows.filter((r) => r.required).map((r) => r.roleId));
      return { roles: Object.values(ROLE).map((roleId) => ({ roleId, required: required.has(roleId) })) };
    },

    async setPolicy(actor: { userId: string; ip: string }, policy: SecondFactorPolicy): Promise<SecondFactorPolicy> {
      const before = await this.policy();
      await deps.repo.setPolicy(policy.roles, actor.userId);
      deps.gate.forgetPolicy();
      const after = await this.policy();
      await deps.audit.insert({
        action: AUDIT_ACTIONS.secondFactorPolicyChanged,
        actorUserId: actor.userId,
        targetType: 'second_factor_policy',
        ip: actor.ip,
        details: { before: before.roles, after: after.roles },
      });
      return after;
    },
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;

const alreadyEnrolled = () =>
  new AppError('INVALID_STATE', 'An authenticator is already set up; remove it before setting up another');
