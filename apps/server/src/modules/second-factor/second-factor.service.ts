import {
  type OwnSecondFactors,
  type PasskeyAssertion,
  type PasskeyRequestOptions,
  type RecoveryCodes,
  ROLE,
  type RoleId,
  type SecondFactorChallenge,
  type SecondFactorMethod,
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
import { recordFactorEnrolled } from './factor-enrolled';
import type { CeremonyBinding } from './passkeys.repository';
import type { PasskeyService } from './passkeys.service';
import { isTotpCode, newRecoveryCodeSet, recoveryCodeHash } from './recovery-codes';
import type { SecondFactorRepository } from './second-factor.repository';
import type { SecondFactorGate } from './second-factor-gate';
import { newTotpSecret, totpEnrolmentOf, totpStepOf } from './totp';

export const TOTP_SECRET_CONTEXT = 'user.totp_secret';

type Actor = { userId: string; sessionId: string; user: UserRow; ip: string };
/** What a user offers as its second factor: a typed code, or a passkey's signed assertion. */
export type Proof = { code: string } | { passkey: PasskeyAssertion };

const invalidCode = () => new AppError('INVALID_SECOND_FACTOR', 'That code is wrong or was already used');
const passkeyRefused = () =>
  new AppError('PASSKEY_REFUSED', 'The passkey was not accepted: try again, or use another way to confirm');
const signinBinding = (signinChallengeId: string): CeremonyBinding => ({ purpose: 'signin', signinChallengeId });
const stepUpBinding = (actor: Actor): CeremonyBinding => ({ purpose: 'step_up', sessionId: actor.sessionId });
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
  passkeys: Pick<PasskeyService, 'list' | 'authenticationOptions' | 'verifyAssertion'>;
}) {
  const rateLimit = createLoginRateLimit({
    audit: deps.audit,
    config: deps.config,
    action: AUDIT_ACTIONS.secondFactorFailed,
  });

  /**
   * Proves the user's factor with `proof`, within the attempt limits: a code (TOTP step or
   * recovery code, taken once) or a passkey assertion for the ceremony `binding`. Throws when it
   * fails (audited as a failure, which the limits count).
   */
  async function prove(user: UserRow, proof: Proof, binding: CeremonyBinding, ip: string): Promise<SecondFactorMethod> {
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
    const { method, failure } = await check(user, proof, binding, ip);
    if (failure === null) return method;
    await deps.audit.insert({
      action: AUDIT_ACTIONS.secondFactorFailed,
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      subject: user.id,
      ip,
      details: { method, ...(failure ? { reason: failure } : {}) },
    });
    throw method === 'passkey' ? passkeyRefused() : invalidCode();
  }

  /** The method `proof` used, and null when it passed, or why it failed ('' when a code was wrong). */
  async function check(
    user: UserRow,
    proof: Proof,
    binding: CeremonyBinding,
    ip: string,
  ): Promise<{ method: SecondFactorMethod; failure: string | null }> {
    if ('passkey' in proof) {
      const verified = await deps.passkeys.verifyAssertion(user, binding, proof.passkey, ip);
      return { method: 'passkey', failure: verified.ok ? null : verified.reason };
    }
    if (isTotpCode(proof.code)) return { method: 'totp', failure: (await takeTotp(user.id, proof.code)) ? null : '' };
    if (!(await deps.repo.useRecoveryCode(user.id, recoveryCodeHash(proof.code))))
      return { method: 'recovery_code', failure: '' };
    await deps.audit.insert({
      action: AUDIT_ACTIONS.recoveryCodeUsed,
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      ip,
    });
    return { method: 'recovery_code', failure: null };
  }

  async function liveChallenge(challengeToken: string) {
    const challenge = await deps.repo.findLiveChallenge(hashToken(challengeToken), SIGNIN_CHALLENGE_MAX_FAILURES);
    if (!challenge) throw challengeInvalid();
    return challenge;
  }

  async function factorsOf(userId: string): Promise<OwnSecondFactors> {
    const [totp, passkeys, recoveryCodesLeft] = await Promise.all([
      deps.repo.findTotp(userId),
      deps.passkeys.list(userId),
      deps.repo.unusedRecoveryCodeCount(userId),
    ]);
    return { totp: Boolean(totp?.confirmedAt), passkeys, recoveryCodesLeft };
  }

  async function methodsOf(userId: string): Promise<SecondFactorMethod[]> {
    const factors = await factorsOf(userId);
    const methods: SecondFactorMethod[] = [];
    if (factors.totp) methods.push('totp');
    if (factors.passkeys.length > 0) methods.push('passkey');
    if (factors.recoveryCodesLeft > 0) methods.push('recovery_code');
    return methods;
  }

  async function takeTotp(userId: string, code: string): Promise<boolean> {
    const totp = await deps.repo.findTotp(userId);
    if (!totp?.confirmedAt) return false;
    const step = totpStepOf(deps.secretBox.decrypt(totp.secretSealed, TOTP_SECRET_CONTEXT), code.trim());
    return step !== null && (await deps.repo.takeTotpStep(userId, step));
  }

  return {
    /** Sign-in's first step passed for an enrolled user: a challenge for the second, and the ways to pass it. */
    async openChallenge(user: UserRow): Promise<SecondFactorChallenge> {
      const token = newOpaqueToken();
      await deps.repo.createChallenge(user.id, hashToken(token), SIGNIN_CHALLENGE_TTL_SECONDS);
      return {
        secondFactorRequired: true,
        challengeToken: token,
        expiresInSeconds: SIGNIN_CHALLENGE_TTL_SECONDS,
        methods: await methodsOf(user.id),
      };
    },

    /** WebAuthn options for sign-in's second step, bound to the live challenge. */
    async challengePasskeyOptions(challengeToken: string): Promise<PasskeyRequestOptions> {
      const challenge = await liveChallenge(challengeToken);
      return deps.passkeys.authenticationOptions(challenge.user.id, signinBinding(challenge.challengeId));
    },

    /**
     * Sign-in's second step: the challenge's user when the proof passes (the challenge is used
     * up); each failed proof counts against the challenge.
     */
    async passChallenge(
      challengeToken: string,
      proof: Proof,
      ip: string,
    ): Promise<{ user: UserRow; method: SecondFactorMethod }> {
      const challenge = await liveChallenge(challengeToken);
      let method: SecondFactorMethod;
      try {
        method = await prove(challenge.user, proof, signinBinding(challenge.challengeId), ip);
      } catch (error) {
        if (error instanceof AppError && (error.code === 'INVALID_SECOND_FACTOR' || error.code === 'PASSKEY_REFUSED'))
          await deps.repo.countChallengeFailure(challenge.challengeId);
        throw error;
      }
      if (!(await deps.repo.useChallenge(challenge.challengeId))) throw challengeInvalid();
      return { user: challenge.user, method };
    },

    /** A user with a passkey may add the app too (after a step-up, which the route asks for). */
    async startTotpEnrolment(actor: Actor): Promise<TotpEnrolment> {
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
      const { codes, hashes } = newRecoveryCodeSet();
      const confirmed = await deps.repo.confirmTotp(actor.userId, step, hashes);
      if (!confirmed) throw alreadyEnrolled();
      await recordFactorEnrolled(
        {
          markSessionVerified: (sessionId) =>
            deps.repo.markSessionVerified(sessionId, deps.config.STEP_UP_VALID_SECONDS),
          sessionState: deps.sessionState,
          audit: deps.audit,
        },
        actor,
        { method: 'totp' },
      );
      return { recoveryCodes: confirmed.codesIssued ? codes : [] };
    },

    /** WebAuthn options for a step-up, bound to this session. */
    async stepUpPasskeyOptions(actor: Actor): Promise<PasskeyRequestOptions> {
      return deps.passkeys.authenticationOptions(actor.userId, stepUpBinding(actor));
    },

    /** Proves the factor again: money actions accept the session for the next 5 minutes. */
    async stepUp(actor: Actor, proof: Proof): Promise<{ validUntil: string }> {
      if (!actor.user.secondFactorEnrolledAt)
        throw new AppError('INVALID_STATE', 'You have no second factor to confirm with');
      const method = await prove(actor.user, proof, stepUpBinding(actor), actor.ip);
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
      if (!actor.user.secondFactorEnrolledAt) throw new AppError('INVALID_STATE', 'Set up a second factor first');
      const { codes, hashes } = newRecoveryCodeSet();
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
      if (await deps.gate.isRequired(actor.user))
        throw new AppError('INVALID_STATE', 'Your role requires a second factor: it cannot be removed');
      await deps.repo.removeSecondFactor(actor.userId);
      deps.sessionState.invalidateUser(actor.userId);
      await deps.audit.insert({
        action: AUDIT_ACTIONS.secondFactorRemoved,
        actorUserId: actor.userId,
        targetType: 'user',
        targetId: actor.userId,
        ip: actor.ip,
        details: { method: 'all' },
      });
    },

    /** The signed-in user's factors, for Account Security. */
    ownFactors: factorsOf,

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
  new AppError('INVALID_STATE', 'An authenticator app is already set up; remove it before setting up another');
