/**
 * The closed list of error codes and the HTTP status each maps to. The server throws
 * `AppError(code)`; the web maps each code to a translated message under `errors.<code>`.
 */
export const ERROR_STATUS = {
  /** Body is not valid JSON, or the request is malformed before validation. */
  BAD_REQUEST: 400,
  /** A field fails its schema (wrong type, unknown field, rule broken). `fields` names them. */
  VALIDATION_FAILED: 422,
  /** No or bad access token. */
  UNAUTHENTICATED: 401,
  /** Sign-in with a wrong email or password (one generic message, no enumeration). */
  INVALID_CREDENTIALS: 401,
  /** Refresh token missing, unknown, expired, revoked or reused. */
  SESSION_INVALID: 401,
  /** Signed in, but the role may not do this. */
  FORBIDDEN: 403,
  /** The account is disabled (said only after a correct password). */
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  /** A unique value is taken (e.g. the email of another user). */
  CONFLICT: 409,
  /** The user is not in a state that allows this action (e.g. resend activation to an active user). */
  INVALID_STATE: 409,
  /** Activation or reset link is unknown, used or expired. */
  TOKEN_INVALID: 400,
  /** The current password given to change-password is wrong. */
  WRONG_PASSWORD: 400,
  /** Another login flow is running (or awaiting its OTP) on this wallet account: one at a time. */
  WALLET_LOGIN_RUNNING: 409,
  /** The phone this needs is offline. */
  DEVICE_OFFLINE: 409,
  /** The wallet account has no credentials stored for the login to use. */
  CREDENTIALS_MISSING: 409,
  /** The login's OTP is no longer valid: a new one must be sent. */
  OTP_EXPIRED: 409,
  /** The wallet account is disabled or auto-disabled; enable it first. */
  WALLET_DISABLED: 409,
  /** The account moved money, so it is kept (disable it instead of deleting it). */
  HAS_MOVED_MONEY: 409,
  /** The merchant API token's expiry has passed. */
  API_TOKEN_EXPIRED: 401,
  /** The merchant API token was revoked. */
  API_TOKEN_REVOKED: 401,
  /** The API token lacks the scope this route needs. */
  INSUFFICIENT_SCOPE: 403,
  /** The call comes from outside the API token's allowed networks (or the token must name some). */
  IP_NOT_ALLOWED: 403,
  /** The merchant is suspended: it opens no new payment session. */
  MERCHANT_SUSPENDED: 409,
  /** No account of this payment method can receive money now: choose another method. */
  NO_ACCOUNT_AVAILABLE: 409,
  /** The merchant's available balance does not cover the amount and its fee: nothing was held. */
  INSUFFICIENT_BALANCE: 422,
  /**
   * A refund would take a session's refunds above what it received (the message says what is left),
   * or charging a refund that turned out paid would (the session was refunded again meanwhile).
   */
  REFUND_EXCEEDS_PAYMENT: 422,
  /** Maker-checker: whoever created or last changed a withdrawal may not approve it. */
  SECOND_APPROVER_REQUIRED: 403,
  /** The payout method is not verified (yet, or it failed): verify it first. */
  PAYOUT_METHOD_NOT_VERIFIED: 409,
  /** An open withdrawal goes to this payout method: it cannot be removed until it ends. */
  PAYOUT_METHOD_IN_USE: 409,
  /**
   * An operator's decision contradicts what the server recorded (a "not paid" while the sending
   * account's history holds the transfer that paid it): the message names the evidence.
   */
  CONTRADICTS_RECORD: 409,
  /** A second-factor code is wrong, or was already used. */
  INVALID_SECOND_FACTOR: 400,
  /** A passkey's answer did not verify (unknown passkey, another site, a used or expired challenge, a cloned key). */
  PASSKEY_REFUSED: 400,
  /** The sign-in's second step came too late or after too many wrong codes: sign in again. */
  SIGNIN_CHALLENGE_INVALID: 400,
  /** The user's role requires a second factor and the user has none yet: enrol first. */
  SECOND_FACTOR_ENROLMENT_REQUIRED: 403,
  /** A money action needs the second factor proved within the last 5 minutes (POST /auth/step-up). */
  STEP_UP_REQUIRED: 403,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
