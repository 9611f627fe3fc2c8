import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { roleIdSchema } from '../roles';
import { signinResponseSchema } from './signin';

/**
 * Second factor: TOTP (RFC 6238: 6 digits, 30-second steps, SHA-1, what every authenticator app
 * reads) and single-use recovery codes. A user who enrolled signs in in two steps and proves the
 * factor again (step-up) before moving money.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A step-up is fresh this long after the factor was proved. */
export const STEP_UP_VALID_SECONDS = 300;
/** A sign-in challenge lives this long, and dies after this many wrong codes. */
export const SIGNIN_CHALLENGE_TTL_SECONDS = 300;
export const SIGNIN_CHALLENGE_MAX_FAILURES = 5;

/** A 6-digit TOTP code, or a recovery code (`xxxxx-xxxxx`, letters and digits, any case, dash optional). */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(32)
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'Enter the 6-digit code or a recovery code');

/** How a second factor is proved: a code from the app, a passkey, or a recovery code. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export const secondFactorMethodSchema = z.enum(SECOND_FACTOR_METHODS);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

/**
 * Sign-in's answer for a user with a second factor: no tokens yet, a challenge for the next step,
 * and the ways the user can prove it (recovery codes always, while some are left).
 */
export const secondFactorChallengeSchema = z.object({
  secondFactorRequired: z.literal(true),
  challengeToken: z.string(),
  expiresInSeconds: z.number().int(),
  methods: z.array(secondFactorMethodSchema),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** POST /auth/signin answers either a signed-in session or a second-factor challenge. */
export const signinAnswerSchema = z.union([signinResponseSchema, secondFactorChallengeSchema]);
export type SigninAnswer = z.infer<typeof signinAnswerSchema>;

export const signinSecondFactor = { method: 'POST', path: '/auth/signin/second-factor' } as const;
export const signinSecondFactorBodySchema = z.strictObject({
  challengeToken: z.string().min(1, 'This field is required').max(128),
  code: secondFactorCodeSchema,
});
export type SigninSecondFactorBody = z.infer<typeof signinSecondFactorBodySchema>;

/**
 * Starts (or restarts) TOTP enrolment: a new secret, shown once, until a code confirms it. A user
 * who already has a factor (a passkey) steps up first.
 */
export const startTotpEnrolment = { method: 'POST', path: '/auth/second-factor/totp' } as const;
export const totpEnrolmentSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** What an authenticator app scans as a QR code. */
  otpauthUri: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const confirmTotpEnrolment = { method: 'POST', path: '/auth/second-factor/totp/confirm' } as const;
export const codeBodySchema = z.strictObject({ code: secondFactorCodeSchema });
export type CodeBody = z.infer<typeof codeBodySchema>;
/**
 * The recovery codes, shown this once (only their hashes are kept). Only a user's first factor
 * comes with codes: adding another (a passkey beside the app) answers none, the old ones still hold.
 */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** New recovery codes replace every old one; needs a fresh step-up. */
export const regenerateRecoveryCodes = { method: 'POST', path: '/auth/second-factor/recovery-codes' } as const;

/** Removes all of one's own factors (refused while one's role requires one); needs a fresh step-up. */
export const removeSecondFactor = { method: 'DELETE', path: '/auth/second-factor' } as const;

/** Proves the second factor again; money actions accept the session for STEP_UP_VALID_SECONDS. */
export const stepUp = { method: 'POST', path: '/auth/step-up' } as const;
export const stepUpResponseSchema = z.object({ validUntil: isoDateTimeSchema });
export type StepUpResponse = z.infer<typeof stepUpResponseSchema>;

/** An Admin clears another user's second factor (lost phone): they enrol again at next sign-in. */
export const resetUserSecondFactor = { method: 'POST', path: '/users/:id/second-factor/reset' } as const;

/** Which roles must use a second factor (all off by default). */
export const secondFactorPolicy = { method: 'GET', path: '/security/second-factor-policy' } as const;
export const updateSecondFactorPolicy = { method: 'PUT', path: '/security/second-factor-policy' } as const;
export const secondFactorPolicySchema = z.strictObject({
  roles: z
    .array(z.strictObject({ roleId: roleIdSchema, required: z.boolean() }))
    .max(5)
    .refine((roles) => new Set(roles.map((r) => r.roleId)).size === roles.length, 'Each role at most once'),
});
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;
