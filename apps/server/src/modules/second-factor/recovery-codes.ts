import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@gerbang/contract';
import { hashToken } from '../auth/one-time-token';

/** Lowercase letters and digits without the look-alikes (0/o, 1/l/i): 31 symbols, ~49.5 bits a code. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

const randomChars = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Ten fresh codes `xxxxx-xxxxx`, shown to the user once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomChars(HALF)}-${randomChars(HALF)}`);
}

/** What is stored: the SHA-256 of the code as typed any case, with or without its dash. */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.trim().toLowerCase().replace('-', ''));
}

/** Fresh codes to show once, and the hashes to store. */
export function newRecoveryCodeSet(): { codes: string[]; hashes: string[] } {
  const codes = newRecoveryCodes();
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.trim());
