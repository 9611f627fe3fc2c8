import { type Action, type Area, can, MODE_HEADER, ROLE, type RoleId } from '@gerbang/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { users } from '../db/schema';
import type { SecondFactorGate } from '../modules/second-factor/second-factor-gate';
import type { AccessTokens } from '../modules/sessions/access-token';
import type { SessionState } from '../modules/sessions/session-state';
import type { TestTwins } from '../modules/test-mode/test-twins';
import { AppError, forbidden } from './app-error';

export type AuthContext = {
  userId: string;
  sessionId: string;
  roleId: RoleId;
  /** The merchant the request acts for: in test mode (a merchant user's MODE_HEADER), its test twin. */
  merchantId: string | null;
  /** false: a merchant user in test mode. */
  livemode: boolean;
  user: typeof users.$inferSelect;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** The route serves a user who must enrol a second factor first (enrolment, who am I, sign out). */
    allowedBeforeSecondFactor?: boolean;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Sign in to continue');
export const enrolmentRequired = () =>
  new AppError(
    'SECOND_FACTOR_ENROLMENT_REQUIRED',
    'Your role requires a second factor: set up an authenticator app or a passkey first',
  );

/** Resolves an access token to a live session's user, or null. Shared by REST and realtime. */
export async function resolveAccessToken(
  token: string | null,
  deps: { accessTokens: AccessTokens; sessionState: SessionState },
): Promise<AuthContext | null> {
  if (!token) return null;
  const claims = deps.accessTokens.verify(token);
  if (!claims) return null;
  const user = await deps.sessionState.getActiveUser(claims.sid);
  if (!user || user.id !== claims.sub) return null;
  return {
    userId: user.id,
    sessionId: claims.sid,
    roleId: user.roleId as RoleId,
    merchantId: user.merchantId,
    livemode: true,
    user,
  };
}

export function createAuthHooks(deps: {
  accessTokens: AccessTokens;
  sessionState: SessionState;
  secondFactor: SecondFactorGate;
  testTwins: Pick<TestTwins, 'twinOf'>;
}) {
  const authenticate: preHandlerAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const auth = await resolveAccessToken(bearerToken(request.headers.authorization), deps);
    if (!auth) throw unauthenticated();
    if (!request.routeOptions.config.allowedBeforeSecondFactor && (await deps.secondFactor.mustEnrol(auth.user)))
      throw enrolmentRequired();
    const mode = request.headers[MODE_HEADER];
    if (mode !== undefined && mode !== 'live' && mode !== 'test') {
      throw new AppError('VALIDATION_FAILED', `The ${MODE_HEADER} header is "live" or "test"`, {
        fields: { [`headers.${MODE_HEADER}`]: 'Use "live" or "test"' },
      });
    }
    // Test mode is a merchant's: an operator's request reads every merchant's data and asks for
    // test activity with its lists' own filters.
    if (mode === 'test' && auth.merchantId) {
      request.auth = { ...auth, merchantId: await deps.testTwins.twinOf(auth.merchantId), livemode: false };
      return;
    }
    request.auth = auth;
  };

  /** Money actions: an enrolled user proves the second factor again every 5 minutes (step-up). */
  const stepUp: preHandlerAsyncHookHandler = async (request) => {
    const auth = requireAuth(request);
    if (await deps.secondFactor.needsStepUp(auth.user, auth.sessionId))
      throw new AppError('STEP_UP_REQUIRED', 'Confirm it is you with your second factor');
  };

  /**
   * preHandler list for a route: signed in, and the permission table allows `action` on `area`;
   * with `stepUp`, a fresh second factor too.
   */
  function requirePermission(area: Area, action: Action, options: { stepUp?: boolean } = {}) {
    const check: preHandlerAsyncHookHandler = async (request) => {
      const auth = request.auth;
      if (!auth || !can(auth.roleId, area, action, auth.user.merchantRole)) throw forbidden();
    };
    return options.stepUp ? [authenticate, check, stepUp] : [authenticate, check];
  }

  return { authenticate, requirePermission, stepUp };
}
export type AuthHooks = ReturnType<typeof createAuthHooks>;

/** For handlers behind `authenticate`: the auth context, which is always set there. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** Who is acting, for services that audit: the signed-in user and the client address. */
export function requestActor(request: FastifyRequest): { userId: string; roleId: RoleId; ip: string } {
  const auth = requireAuth(request);
  return { userId: auth.userId, roleId: auth.roleId, ip: request.ip };
}

/**
 * The merchant a Merchant user acts for: every merchant-console query is scoped by it, never by
 * an id the client sends.
 */
export function requestMerchantId(request: FastifyRequest): string {
  const { merchantId } = requireAuth(request);
  if (!merchantId) throw forbidden();
  return merchantId;
}

/**
 * The live merchant of a Merchant user, whatever the mode: its team, its approvals and its audit
 * log are the merchant's, not test mode's.
 */
export function requestLiveMerchantId(request: FastifyRequest): string {
  const { user } = requireAuth(request);
  if (!user.merchantId) throw forbidden();
  return user.merchantId;
}

/**
 * Whose data a console request may read: a Merchant user its own merchant's only (every query is
 * scoped by it, never by an id the client sends); operators every merchant's (undefined).
 */
export function merchantScopeOf(request: FastifyRequest): string | undefined {
  return requireAuth(request).roleId === ROLE.Merchant ? requestMerchantId(request) : undefined;
}

/**
 * merchantScopeOf, by the live merchant whatever the mode: what belongs to the merchant itself
 * (its audit log: entries record their actor's merchant), not to test mode.
 */
export function liveMerchantScopeOf(request: FastifyRequest): string | undefined {
  return requireAuth(request).roleId === ROLE.Merchant ? requestLiveMerchantId(request) : undefined;
}
