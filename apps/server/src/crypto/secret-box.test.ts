import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box';

const key = () => randomBytes(32);

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, including empty and non-ASCII text', () => {
    const box = createSecretBox(key());
    for (const secret of ['hunter2', '', 'kata sandi rahasia ✓ 🔐', 'x'.repeat(5000)]) {
      expect(box.decrypt(box.encrypt(secret))).toBe(secret);
    }
  });

  it('never stores the plaintext and uses a fresh IV each time', () => {
    const box = createSecretBox(key());
    const sealed = Array.from({ length: 20 }, () => box.encrypt('same secret'));
    expect(new Set(sealed).size).toBe(20);
    const ivs = sealed.map((s) =>
      Buffer.from(s.split('.')[1] as string, 'base64url')
        .subarray(0, 12)
        .toString('hex'),
    );
    expect(new Set(ivs).size).toBe(20);
    for (const s of sealed) {
      expect(s).not.toContain('same secret');
      expect(s.startsWith('v1.')).toBe(true);
    }
  });

  it('refuses a value with any byte changed (tamper detection)', () => {
    const box = createSecretBox(key());
    const sealed = box.encrypt('hunter2');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const changed = Buffer.from(raw);
      changed[i] = (changed[i] as number) ^ 0x01;
      expect(() => box.decrypt(`v1.${changed.toString('base64url')}`)).toThrow(SecretBoxError);
    }
    expect(() => box.decrypt(`v1.${raw.subarray(0, raw.length - 1).toString('base64url')}`)).toThrow(SecretBoxError);
  });

  it('refuses a value sealed under another key, another context, or garbage', () => {
    const box = createSecretBox(key());
    expect(() => box.decrypt(createSecretBox(key()).encrypt('hunter2'))).toThrow(SecretBoxError);
    expect(() => box.decrypt(box.encrypt('hunter2', 'proxy.password'), 'wallet.credential')).toThrow(SecretBoxError);
    expect(box.decrypt(box.encrypt('hunter2', 'proxy.password'), 'proxy.password')).toBe('hunter2');
    for (const bad of ['', 'hunter2', 'v1.', 'v1.abc', 'v9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      expect(() => box.decrypt(bad)).toThrow(SecretBoxError);
    }
  });

  it('opens values sealed with a retired key after rotation and seals new ones with the current key', () => {
    const oldKey = key();
    const sealedBefore = createSecretBox(oldKey).encrypt('hunter2');
    const rotated = createSecretBox({ current: { version: 'v2', key: key() }, previous: { v1: oldKey } });
    expect(rotated.decrypt(sealedBefore)).toBe('hunter2');
    expect(rotated.needsReencrypting(sealedBefore)).toBe(true);
    const sealedAfter = rotated.encrypt('hunter2');
    expect(sealedAfter.startsWith('v2.')).toBe(true);
    expect(rotated.needsReencrypting(sealedAfter)).toBe(false);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(SecretBoxError);
  });
});
