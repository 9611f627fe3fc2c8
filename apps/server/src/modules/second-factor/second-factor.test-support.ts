import { type MerchantTeamRole, ROLE, TOTP_PERIOD_SECONDS } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { signedInUser, TEST_PASSWORD, type TestApp } from '../../../test/helpers/test-app';
import { sessions } from '../../db/schema';

/** Shared by the second-factor tests: codes computed as an authenticator app does, and the flows. */

/** The code an authenticator shows `offsetSteps` 30-second steps from now (RFC 6238, SHA-1, 6 digits). */
export function codeAt(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    timestamp: Date.now() + offsetSteps * TOTP_PERIOD_SECONDS * 1000,
  });
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/**
 * Enrols TOTP for the signed-in user, confirming with the previous step's code (still accepted),
 * so the current and next steps' codes are left for the tests.
 */
export async function enrolTotp(app: FastifyInstance, headers: Record<string, string>) {
  const started = await call(app, 'POST', '/auth/second-factor/totp', headers, {});
  if (started.statusCode !== 200) throw new Error(`enrolment failed: ${started.statusCode} ${started.body}`);
  const { secret } = started.json() as { secret: string };
  const confirm = () => call(app, 'POST', '/auth/second-factor/totp/confirm', headers, { code: codeAt(secret, -1) });
  // A 30-second boundary crossed between computing the code and checking it makes it two steps
  // old: once more, with the new previous step.
  let confirmed = await confirm();
  if (confirmed.statusCode === 400) confirmed = await confirm();
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Sign-in's first step for a user with a second factor: the challenge token. */
export async function passwordStep(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password: TEST_PASSWORD } });
  const body = res.json() as { secondFactorRequired?: boolean; challengeToken?: string };
  if (res.statusCode !== 200 || !body.secondFactorRequired || !body.challengeToken)
    throw new Error(`expected a challenge: ${res.statusCode} ${res.body}`);
  return body.challengeToken;
}

export function codeStep(app: FastifyInstance, challengeToken: string, code: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/auth/signin/second-factor',
    payload: { challengeToken, code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Both steps: a signed-in session proved with `code`. */
export async function signInWithCode(app: FastifyInstance, email: string, code: string) {
  const res = await codeStep(app, await passwordStep(app, email), code);
  if (res.statusCode !== 200) throw new Error(`code step failed: ${res.statusCode} ${res.body}`);
  const { accessToken } = res.json() as { accessToken: string };
  return { accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

/**
 * A merchant member enrolled in TOTP, signed in with a code proved 6 minutes ago: an action that
 * asks for step-up (a fresh factor, 5 minutes) is refused to these headers.
 */
export async function memberWithStaleSecondFactor(t: TestApp, merchantId: string, merchantRole: MerchantTeamRole) {
  const member = await signedInUser(t, ROLE.Merchant, { merchantId, merchantRole });
  const { secret } = await enrolTotp(t.app, member.headers);
  const session = await signInWithCode(t.app, member.user.email, codeAt(secret));
  await t.database.db
    .update(sessions)
    .set({ secondFactorVerifiedAt: new Date(Date.now() - 6 * 60_000) })
    .where(eq(sessions.userId, member.user.id));
  return { user: member.user, secret, headers: session.headers };
}
