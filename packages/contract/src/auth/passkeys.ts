import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { recoveryCodesSchema } from './second-factor';

/**
 * Passkeys (WebAuthn) as a second factor, beside the authenticator app. The server hands the
 * browser a ceremony's options (a fresh challenge), the browser answers what the authenticator
 * signed; the JSON shapes are WebAuthn Level 3's (`PublicKeyCredential.toJSON()`), what
 * @simplewebauthn/browser sends and @simplewebauthn/server reads.
 */

/** How long the browser's passkey prompt may stay open; the challenge behind it dies then too. */
export const PASSKEY_CEREMONY_TIMEOUT_SECONDS = 120;
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** Enough for a phone, a laptop and a few security keys; more is a sign of abuse. */
export const PASSKEYS_PER_USER_MAX = 10;

/** Binary values travel as base64url without padding (WebAuthn's JSON encoding). */
const base64UrlSchema = (maxLength: number) =>
  z
    .string()
    .min(1)
    .max(maxLength)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');
/** A credential id is at most 1023 bytes (WebAuthn §5.1): 1364 characters of base64url. */
const credentialIdSchema = base64UrlSchema(1364);
const transportsSchema = z.array(z.string().max(32)).max(10);
const userVerificationSchema = z.enum(['required', 'preferred', 'discouraged']);
const hintsSchema = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional();
const authenticatorAttachmentSchema = z.enum(['platform', 'cross-platform']);

/** A passkey as its owner sees it: never its key or credential id. */
export const passkeySchema = z.object({
  id: idSchema,
  name: z.string(),
  createdAt: isoDateTimeSchema,
  lastUsedAt: isoDateTimeSchema.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(PASSKEY_NAME_MAX_LENGTH, `At most ${PASSKEY_NAME_MAX_LENGTH} characters`);

/** The signed-in user's factors (Account Security): an authenticator app, passkeys, or both. */
export const ownSecondFactors = { method: 'GET', path: '/auth/second-factor' } as const;
export const ownSecondFactorsSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.number().int(),
});
export type OwnSecondFactors = z.infer<typeof ownSecondFactorsSchema>;

const credentialDescriptorSchema = z.object({
  id: credentialIdSchema,
  type: z.literal('public-key'),
  transports: transportsSchema.optional(),
});

/** What navigator.credentials.create() is given, as JSON (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: authenticatorAttachmentSchema.optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: userVerificationSchema.optional(),
    })
    .optional(),
  hints: hintsSchema,
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** What navigator.credentials.get() is given, as JSON (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: userVerificationSchema.optional(),
  hints: hintsSchema,
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

/** The browser's extension outputs: only credProps is asked for (and never relied on); others are dropped. */
const clientExtensionResultsSchema = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** A new credential as the browser answers it (RegistrationResponseJSON). Attestation is 'none'. */
export const passkeyRegistrationResponseSchema = z.object({
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  response: z.object({
    clientDataJSON: base64UrlSchema(4096),
    attestationObject: base64UrlSchema(16_384),
    authenticatorData: base64UrlSchema(16_384).optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64UrlSchema(4096).optional(),
  }),
  authenticatorAttachment: authenticatorAttachmentSchema.optional(),
  clientExtensionResults: clientExtensionResultsSchema,
  type: z.literal('public-key'),
});

/** A signed assertion as the browser answers it (AuthenticationResponseJSON). */
export const passkeyAssertionSchema = z.object({
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  response: z.object({
    clientDataJSON: base64UrlSchema(4096),
    authenticatorData: base64UrlSchema(4096),
    signature: base64UrlSchema(4096),
    userHandle: base64UrlSchema(128).optional(),
  }),
  authenticatorAttachment: authenticatorAttachmentSchema.optional(),
  clientExtensionResults: clientExtensionResultsSchema,
  type: z.literal('public-key'),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/**
 * Registration, in two calls: options (a challenge bound to this session), then the browser's
 * answer with a name. A user who already has a factor steps up before asking for options.
 */
export const passkeyRegistrationOptions = {
  method: 'POST',
  path: '/auth/second-factor/passkeys/registration-options',
} as const;
export const registerPasskey = { method: 'POST', path: '/auth/second-factor/passkeys' } as const;
export const registerPasskeyBodySchema = z.strictObject({
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});
export type RegisterPasskeyBody = z.infer<typeof registerPasskeyBodySchema>;
/** The new passkey; for a user's first factor, the ten recovery codes too (shown once), else none. */
export const registeredPasskeySchema = recoveryCodesSchema.extend({ passkey: passkeySchema });
export type RegisteredPasskey = z.infer<typeof registeredPasskeySchema>;

/** Removes one passkey (needs a fresh step-up; the last factor only while the role does not require one). */
export const removePasskey = { method: 'DELETE', path: '/auth/second-factor/passkeys/:id' } as const;

/** Sign-in's second step with a passkey: options bound to the sign-in challenge, then the assertion. */
export const signinPasskeyOptions = { method: 'POST', path: '/auth/signin/second-factor/passkey-options' } as const;
export const signinPasskeyOptionsBodySchema = z.strictObject({
  challengeToken: z.string().min(1, 'This field is required').max(128),
});
export const signinWithPasskey = { method: 'POST', path: '/auth/signin/second-factor/passkey' } as const;
export const signinWithPasskeyBodySchema = signinPasskeyOptionsBodySchema.extend({ response: passkeyAssertionSchema });
export type SigninWithPasskeyBody = z.infer<typeof signinWithPasskeyBodySchema>;

/** Step-up with a passkey: options bound to this session, then the assertion. */
export const stepUpPasskeyOptions = { method: 'POST', path: '/auth/step-up/passkey-options' } as const;
export const stepUpWithPasskey = { method: 'POST', path: '/auth/step-up/passkey' } as const;
export const passkeyAssertionBodySchema = z.strictObject({ response: passkeyAssertionSchema });
export type PasskeyAssertionBody = z.infer<typeof passkeyAssertionBodySchema>;
