/** Constants shared by server, web and tests. Units are in the names. */

// Spec §9.
export const REQUEST_TIMEOUT_MS = 180_000;
export const ACCESS_TOKEN_STORAGE_KEY = 'access_token';
export const REFRESH_TOKEN_STORAGE_KEY = 'refresh_token';
export const COLOR_THEME_STORAGE_KEY = 'color-theme';
export const LANGUAGE_STORAGE_KEY = 'language';
/** The signed-in user as the server last described it (profile only, no secret): see the consoles' session. */
export const CURRENT_USER_STORAGE_KEY = 'current_user';
export const TOAST_DURATION_MS = 2000;
export const TOAST_Z_INDEX = 100_000;
export const REALTIME_PATH = '/ws';
export const REALTIME_RECONNECTION = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  timeout: 20_000,
} as const;
export const LANGUAGES = ['en', 'id', 'ph'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const EMBED_READY_MESSAGE = 'EMBED_READY';

// Passwords: OWASP ASVS V2.1 (length over composition rules).
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

// One-time links (activation, password reset).
export const ONE_TIME_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

// Bodies over this are refused with 413.
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;
