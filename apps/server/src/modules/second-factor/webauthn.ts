import {
  PASSKEY_CEREMONY_TIMEOUT_SECONDS,
  type PasskeyAssertion,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
  passkeyCreationOptionsSchema,
  type passkeyRegistrationResponseSchema,
  passkeyRequestOptionsSchema,
} from '@gerbang/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';

/** What the user's authenticator shows beside the account name. */
const RP_NAME = 'Gerbang';
const TIMEOUT_MS = PASSKEY_CEREMONY_TIMEOUT_SECONDS * 1000;
/**
 * EdDSA, ES256 and RS256: what authenticators make. Named here because the library's default
 * first probes Node for ML-DSA, which Node answers with an "experimental feature" warning in the log.
 */
const SUPPORTED_ALGORITHM_IDS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

type RegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;
/** A stored passkey as verification needs it. */
export type StoredCredential = { credentialId: string; publicKey: string; counter: number; transports: string[] };
/** The challenge in the answer is live for this ceremony; taking it makes it unusable again. */
export type TakeChallenge = (challenge: string) => Promise<boolean>;
type Verified<T> = ({ ok: true } & T) | { ok: false; reason: string };

const descriptorOf = (credential: Pick<StoredCredential, 'credentialId' | 'transports'>) => ({
  id: credential.credentialId,
  transports: credential.transports,
});

/** The library refuses with an Error whose message says why: that reason goes to the audit log. */
/** The challenge the browser's client data names, which may be anything a client sent. */
const taking = (takeChallenge: TakeChallenge) => (challenge: unknown) =>
  typeof challenge === 'string' && challenge.length > 0 ? takeChallenge(challenge) : Promise.resolve(false);

const refusal = (error: unknown) => ({
  ok: false as const,
  reason: error instanceof Error ? error.message : 'refused',
});

/**
 * The WebAuthn ceremonies, through @simplewebauthn/server, for one relying party: the RP ID and the
 * console origins allowed to use it (config). The password is the first factor, so a passkey here
 * proves possession: user verification (PIN, biometrics) is asked for where the authenticator
 * can, but not required; user presence (a touch) always is.
 */
export function createWebauthn(relyingParty: { rpId: string; origins: string[] }) {
  const expected = { expectedOrigin: relyingParty.origins, expectedRPID: relyingParty.rpId };
  return {
    async registrationOptions(
      user: { id: string; email: string; name: string },
      existing: Pick<StoredCredential, 'credentialId' | 'transports'>[],
    ): Promise<PasskeyCreationOptions> {
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: relyingParty.rpId,
        userName: user.email,
        // The user handle: the user's id (no personal data), stable so an authenticator replaces
        // its own earlier passkey for this user instead of piling up.
        userID: new Uint8Array(Buffer.from(user.id.replaceAll('-', ''), 'hex')),
        userDisplayName: user.name,
        timeout: TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map(descriptorOf),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
      });
      return passkeyCreationOptionsSchema.parse(options);
    },

    async verifyRegistration(
      response: RegistrationResponse,
      takeChallenge: TakeChallenge,
    ): Promise<Verified<{ credential: StoredCredential }>> {
      try {
        const result = await verifyRegistrationResponse({
          response,
          expectedChallenge: taking(takeChallenge),
          ...expected,
          requireUserVerification: false,
          supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
        });
        if (!result.verified) return { ok: false, reason: 'not verified' };
        const { credential } = result.registrationInfo;
        return {
          ok: true,
          credential: {
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
          },
        };
      } catch (error) {
        return refusal(error);
      }
    },

    async authenticationOptions(credentials: StoredCredential[]): Promise<PasskeyRequestOptions> {
      const options = await generateAuthenticationOptions({
        rpID: relyingParty.rpId,
        allowCredentials: credentials.map(descriptorOf),
        timeout: TIMEOUT_MS,
        userVerification: 'preferred',
      });
      return passkeyRequestOptionsSchema.parse(options);
    },

    /**
     * Checks the signature with the stored key, and the counter: one that did not grow (when the
     * authenticator keeps one) means a cloned key, and is refused by the library.
     */
    async verifyAssertion(
      response: PasskeyAssertion,
      stored: StoredCredential,
      takeChallenge: TakeChallenge,
    ): Promise<Verified<{ newCounter: number }>> {
      try {
        const result = await verifyAuthenticationResponse({
          response,
          expectedChallenge: taking(takeChallenge),
          ...expected,
          credential: {
            id: stored.credentialId,
            publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
            counter: stored.counter,
            transports: stored.transports,
          },
          requireUserVerification: false,
        });
        if (!result.verified) return { ok: false, reason: 'signature not verified' };
        return { ok: true, newCounter: result.authenticationInfo.newCounter };
      } catch (error) {
        return refusal(error);
      }
    },
  };
}
export type Webauthn = ReturnType<typeof createWebauthn>;
