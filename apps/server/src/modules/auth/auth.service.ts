import type { RoleId, SigninAnswer, SigninResponse, TokenPair } from '@gerbang/contract';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { Proof, SecondFactorService } from '../second-factor/second-factor.service';
import type { AccessTokens } from '../sessions/access-token';
import { toUserResponse } from '../users/user-response';
import type { AuthRepository, UserRow } from './auth.repository';
import type { LoginRateLimit } from './login-rate-limit';
import { hashToken, newOpaqueToken } from './one-time-token';
import { getDummyHash, verifyPassword } from './password-hasher';
import type { RefreshTokensRepository } from './refresh-tokens.repository';
import type { SessionEnder } from './session-ender';

export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password';
export const SESSION_INVALID_MESSAGE = 'Your session has ended; sign in again';

export type ClientInfo = { ip: string; userAgent: string | null };

const sessionInvalid = () => new AppError('SESSION_INVALID', SESSION_INVALID_MESSAGE);

/** Sign-in, refresh-token rotation and logout. */
export function createAuthService(deps: {
  repo: AuthRepository;
  refreshTokens: RefreshTokensRepository;
  rateLimit: LoginRateLimit;
  sessions: SessionEnder;
  audit: Pick<AuditRepository, 'insert'>;
  accessTokens: Pick<AccessTokens, 'sign'>;
  secondFactor: Pick<SecondFactorService, 'openChallenge' | 'passChallenge' | 'markVerified'>;
  /** Whether the role must use a second factor (the policy). */
  isSecondFactorRequired: (user: { roleId: number; merchantId: string | null }) => Promise<boolean>;
  config: Pick<
    Config,
    'SESSION_ABSOLUTE_TIMEOUT_HOURS' | 'SESSION_IDLE_TIMEOUT_MINUTES' | 'REFRESH_REUSE_GRACE_SECONDS'
  >;
}) {
  const accessTokenFor = (user: UserRow, sessionId: string) =>
    deps.accessTokens.sign({ sub: user.id, sid: sessionId, rid: user.roleId as RoleId, mid: user.merchantId });

  /** Every failure takes one argon2 verification, known email or not, so timing tells nothing. */
  async function checkPassword(user: UserRow | null, password: string): Promise<boolean> {
    const hash = user?.passwordHash ?? (await getDummyHash());
    const matches = await verifyPassword(hash, password);
    return matches && user !== null && user.passwordHash !== null && user.status !== 'invited';
  }

  /**
   * Email and password. A user with a second factor gets a challenge instead of tokens: the
   * session starts only when a code passes it (signinSecondStep).
   */
  async function signin(input: { email: string; password: string } & ClientInfo): Promise<SigninAnswer> {
    const { email, ip } = input;
    const retryAfter = await deps.rateLimit.retryAfterSeconds(email, ip);
    if (retryAfter !== null) {
      await deps.audit.insert({ action: AUDIT_ACTIONS.signinRateLimited, subject: email, ip });
      throw new AppError('RATE_LIMITED', 'Too many failed sign-in attempts; try again later', {
        headers: { 'retry-after': String(retryAfter) },
      });
    }

    const user = await deps.repo.findUserByEmail(email);
    const target = user ? { targetType: 'user', targetId: user.id } : {};
    if (!(await checkPassword(user, input.password)) || !user) {
      await deps.audit.insert({
        action: AUDIT_ACTIONS.signinFailed,
        actorUserId: user?.id ?? null,
        ...target,
        subject: email,
        ip,
        details: { reason: user ? 'wrong_password' : 'unknown_email' },
      });
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    }
    if (user.status === 'disabled') {
      await deps.audit.insert({
        action: AUDIT_ACTIONS.signinFailed,
        actorUserId: user.id,
        ...target,
        subject: email,
        ip,
        details: { reason: 'account_disabled' },
      });
      throw new AppError('ACCOUNT_DISABLED', 'This account is disabled');
    }
    if (user.secondFactorEnrolledAt) return deps.secondFactor.openChallenge(user);
    return startSignedInSession(user, input, {});
  }

  /** The challenge and a proof of the second factor (a code, or a passkey's assertion). */
  async function signinSecondStep(
    input: { challengeToken: string; proof: Proof } & ClientInfo,
  ): Promise<SigninResponse> {
    const { user, method } = await deps.secondFactor.passChallenge(input.challengeToken, input.proof, input.ip);
    if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED', 'This account is disabled');
    const answer = await startSignedInSession(user, input, { secondFactor: method });
    return answer;
  }

  async function startSignedInSession(
    user: UserRow,
    input: ClientInfo,
    details: { secondFactor?: string },
  ): Promise<SigninResponse> {
    const { ip } = input;
    const target = { targetType: 'user', targetId: user.id };
    const refreshToken = newOpaqueToken();
    const { sessionId, lastLoginAt } = await deps.repo.startSession({
      userId: user.id,
      refreshTokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + deps.config.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000),
      ip,
      userAgent: input.userAgent,
    });
    if (details.secondFactor) await deps.secondFactor.markVerified(sessionId);
    await deps.audit.insert({
      action: AUDIT_ACTIONS.signinSucceeded,
      actorUserId: user.id,
      ...target,
      subject: user.email,
      ip,
      details: { sessionId, ...details },
    });
    return {
      accessToken: accessTokenFor(user, sessionId),
      refreshToken,
      user: {
        ...toUserResponse({ ...user, lastLoginAt }, true),
        secondFactorRequired: await deps.isSecondFactorRequired(user),
      },
    };
  }

  async function refresh(token: string | null, client: ClientInfo): Promise<TokenPair> {
    if (!token) throw sessionInvalid();
    const presented = await deps.refreshTokens.findByHash(hashToken(token), deps.config.SESSION_IDLE_TIMEOUT_MINUTES);
    if (!presented || presented.revoked || presented.userStatus !== 'active') throw sessionInvalid();
    if (presented.expired || presented.idle) {
      await deps.sessions.endSession(presented, 'expired', 'expired');
      throw sessionInvalid();
    }

    const successor = newOpaqueToken();
    const outcome = await deps.refreshTokens.rotate({
      tokenId: presented.tokenId,
      sessionId: presented.sessionId,
      successorHash: hashToken(successor),
      graceSeconds: deps.config.REFRESH_REUSE_GRACE_SECONDS,
    });
    if (outcome.kind === 'reused') {
      // A rotated token came back after the grace window: it was copied. End the whole family.
      await deps.sessions.endSession(presented, 'reuse', 'revoked');
      await deps.audit.insert({
        action: AUDIT_ACTIONS.refreshReuseDetected,
        actorUserId: presented.userId,
        targetType: 'session',
        targetId: presented.sessionId,
        ip: client.ip,
        details: { userAgent: client.userAgent },
      });
      throw sessionInvalid();
    }
    if (outcome.kind === 'session-ended') throw sessionInvalid();
    return { accessToken: accessTokenFor(outcome.user, presented.sessionId), refreshToken: successor };
  }

  async function logout(session: { sessionId: string; userId: string }, client: ClientInfo): Promise<void> {
    await deps.sessions.endSession(session, 'logout', 'logout');
    await deps.audit.insert({
      action: AUDIT_ACTIONS.logout,
      actorUserId: session.userId,
      targetType: 'session',
      targetId: session.sessionId,
      ip: client.ip,
    });
  }

  return { signin, signinSecondStep, refresh, logout };
}
export type AuthService = ReturnType<typeof createAuthService>;
