import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@gerbang/contract';
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Gerbang';
/** Codes of the step before and after the current one are accepted too (clocks drift). */
const DRIFT_STEPS = 1;

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new 160-bit shared secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What an authenticator app scans (the console draws its QR code) or is typed into it. */
export function totpEnrolmentOf(secretBase32: string, accountName: string) {
  return { secret: secretBase32, otpauthUri: totpOf(secretBase32, accountName).toString() };
}

/** The 30-second step `code` belongs to (within the drift), or null when it matches none. */
export function totpStepOf(secretBase32: string, code: string, nowMs = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
