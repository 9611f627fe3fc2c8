import { TOTP_PERIOD_SECONDS } from '@gerbang/contract';
import { Secret, TOTP } from 'otpauth';

/**
 * What an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now: the same
 * algorithm (RFC 6238, SHA-1, 6 digits) the server checks, computed independently of it.
 */
export function authenticatorCode(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    timestamp: Date.now() + offsetSteps * TOTP_PERIOD_SECONDS * 1000,
  });
}
