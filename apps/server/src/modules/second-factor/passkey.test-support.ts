import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { call } from './second-factor.test-support';

/**
 * A software passkey for the tests, built by hand as WebAuthn Level 3 defines an authenticator's
 * answers (§6.1 authenticator data, §6.5.4 'none' attestation, §5.8.1 client data), so the
 * server's verification is exercised for real: an ES256 (P-256) key pair from node:crypto, its
 * public key as a COSE_Key (RFC 9053), and signatures over authenticatorData ‖ SHA-256(clientDataJSON).
 */

export const TEST_RP_ID = 'localhost';
/** The admin console's origin in a test app's config (ADMIN_PORT's default). */
export const TEST_ORIGIN = 'http://localhost:3000';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL_DATA = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** The few CBOR items (RFC 8949) an attestation object and a COSE key need. */
type Cbor = number | string | Buffer | Map<number | string, Cbor>;
function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  const head = Buffer.alloc(3);
  head[0] = (major << 5) | 25;
  head.writeUInt16BE(value, 1);
  return head;
}
function cbor(item: Cbor): Buffer {
  if (typeof item === 'number') return item >= 0 ? cborHead(0, item) : cborHead(1, -1 - item);
  if (typeof item === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(item)), Buffer.from(item)]);
  if (Buffer.isBuffer(item)) return Buffer.concat([cborHead(2, item.length), item]);
  const entries = [...item].flatMap(([key, value]) => [cbor(key), cbor(value)]);
  return Buffer.concat([cborHead(5, item.size), ...entries]);
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

type Ceremony = { challenge: string; origin?: string; rpId?: string };

/** One authenticator holding one credential; `counter` is its signature counter (0: it keeps none). */
export function createSoftPasskey(options: { counter?: number } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const coseKey = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]),
  );
  let counter = options.counter ?? 0;

  const clientData = (type: string, ceremony: Ceremony) =>
    Buffer.from(
      JSON.stringify({
        type,
        challenge: ceremony.challenge,
        origin: ceremony.origin ?? TEST_ORIGIN,
        crossOrigin: false,
      }),
    );

  return {
    id: b64url(credentialId),

    /** What navigator.credentials.create() answers, as JSON, for a registration's options. */
    register(ceremony: Ceremony) {
      const authData = Buffer.concat([
        sha256(ceremony.rpId ?? TEST_RP_ID),
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL_DATA]),
        counterBytes(counter),
        Buffer.alloc(16), // AAGUID: none given
        Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
        credentialId,
        coseKey,
      ]);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', ceremony)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        type: 'public-key' as const,
      };
    },

    /**
     * What navigator.credentials.get() answers, as JSON. The counter grows by one per use (unless
     * kept at 0), or is `counter` when given (a clone replaying an older state).
     */
    assert(ceremony: Ceremony & { counter?: number }) {
      if (ceremony.counter !== undefined) counter = ceremony.counter;
      else if (counter > 0) counter += 1;
      const authData = Buffer.concat([
        sha256(ceremony.rpId ?? TEST_RP_ID),
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
        counterBytes(counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', ceremony);
      // ES256: ECDSA with SHA-256, DER-encoded, over authenticatorData ‖ SHA-256(clientDataJSON).
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
        type: 'public-key' as const,
      };
    },
  };
}
export type SoftPasskey = ReturnType<typeof createSoftPasskey>;

type Headers = Record<string, string>;

/** Registers `passkey` for the signed-in user through both calls, as the console does. */
export async function addPasskey(app: FastifyInstance, headers: Headers, passkey: SoftPasskey, name = 'Laptop') {
  const options = await call(app, 'POST', '/auth/second-factor/passkeys/registration-options', headers, {});
  if (options.statusCode !== 200) throw new Error(`options failed: ${options.statusCode} ${options.body}`);
  const res = await call(app, 'POST', '/auth/second-factor/passkeys', headers, {
    name,
    response: passkey.register({ challenge: options.json().challenge }),
  });
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  return res.json() as { passkey: { id: string; name: string }; recoveryCodes: string[] };
}

/** Sign-in's passkey step: options for the challenge, then the assertion (with `ceremony`'s overrides). */
export async function passkeyStep(
  app: FastifyInstance,
  challengeToken: string,
  passkey: SoftPasskey,
  ceremony: { origin?: string; counter?: number } = {},
) {
  const options = await app.inject({
    method: 'POST',
    url: '/auth/signin/second-factor/passkey-options',
    payload: { challengeToken },
  });
  if (options.statusCode !== 200) return options;
  return app.inject({
    method: 'POST',
    url: '/auth/signin/second-factor/passkey',
    payload: { challengeToken, response: passkey.assert({ challenge: options.json().challenge, ...ceremony }) },
  });
}

/** A step-up with the passkey: options for this session, then the assertion. */
export async function stepUpWithPasskey(app: FastifyInstance, headers: Headers, passkey: SoftPasskey) {
  const options = await call(app, 'POST', '/auth/step-up/passkey-options', headers, {});
  if (options.statusCode !== 200) return options;
  return call(app, 'POST', '/auth/step-up/passkey', headers, {
    response: passkey.assert({ challenge: options.json().challenge }),
  });
}
