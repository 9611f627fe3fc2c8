import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** `<version>.<base64url(iv ‖ ciphertext ‖ tag)>`; the version names the key, so keys can rotate. */
const FORMAT = /^([a-z0-9]+)\.([A-Za-z0-9_-]+)$/;

export class SecretBoxError extends Error {}

export type SecretBoxKeys = {
  /** The key new values are sealed with, and its version (written into every value). */
  current: { version: string; key: Buffer };
  /** Retired keys that may still open old values, by version. */
  previous?: Record<string, Buffer>;
};

/**
 * Secrets at rest (proxy passwords, wallet credentials, webhook secrets): AES-256-GCM with a
 * random 12-byte IV per value and its 16-byte auth tag, so a changed byte fails to open rather
 * than yielding garbage. `context` is bound as associated data: a value sealed for one purpose
 * (say 'proxy.password') cannot be copied into another column and opened there.
 */
export function createSecretBox(keys: SecretBoxKeys | Buffer) {
  const { current, previous = {} } = Buffer.isBuffer(keys) ? { current: { version: 'v1', key: keys } } : keys;
  const byVersion = new Map<string, Buffer>([...Object.entries(previous), [current.version, current.key]]);
  for (const [version, key] of byVersion) {
    if (key.length !== 32) throw new SecretBoxError(`Key ${version} must be 32 bytes`);
    if (!/^[a-z0-9]+$/.test(version))
      throw new SecretBoxError(`Key version ${version} must be lowercase letters and digits`);
  }

  return {
    encrypt(plaintext: string, context = ''): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, current.key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${current.version}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },

    /** Throws SecretBoxError when the value is malformed, sealed with an unknown key, or tampered with. */
    decrypt(sealed: string, context = ''): string {
      const match = FORMAT.exec(sealed);
      if (!match) throw new SecretBoxError('Not a sealed value');
      const [, version, payload] = match as unknown as [string, string, string];
      const key = byVersion.get(version);
      if (!key) throw new SecretBoxError(`No key for version ${version}`);
      const raw = Buffer.from(payload, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('Sealed value is too short');
      const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('Sealed value failed authentication');
      }
    },

    /** Whether the value was sealed with an older key and should be sealed again. */
    needsReencrypting(sealed: string): boolean {
      return !sealed.startsWith(`${current.version}.`);
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
